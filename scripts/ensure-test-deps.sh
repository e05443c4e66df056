#!/usr/bin/env bash
# Run before `npm test`: the browser tests need Debian's Chromium, the API tests PostgreSQL's server
# binaries, the PDF tests pdftotext. Installs what is missing when we may (root + apt-get), else says how.
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || [[ -n "${CHROMIUM_PATH:-}" ]] || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || [[ -n "${TEST_DATABASE_URL:-}" ]] || missing+=(postgresql)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
((${#missing[@]})) || exit 0
if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
  echo "Installation des paquets Debian manquants : ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq "${missing[@]}"
else
  echo "Paquets manquants pour les tests : ${missing[*]}" >&2
  echo "Installez-les : sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
