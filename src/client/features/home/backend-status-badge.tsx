import { useEffect, useState } from 'react';
import { MESSAGES } from '../../../common/messages';

type Status = 'checking' | 'ok' | 'error';

/** Diagnostic badge (server and database status), rendered only when the operator turns `showBackendStatus` on. */
export function BackendStatusBadge({ enabled, url = '/api/health' }: { enabled: boolean; url?: string }) {
  const [status, setStatus] = useState<Status>('checking');

  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    fetch(url, { signal: controller.signal, headers: { 'Accept-Language': 'fr' } })
      .then((res) => setStatus(res.ok ? 'ok' : 'error'))
      .catch(() => {
        if (!controller.signal.aborted) setStatus('error');
      });
    return () => controller.abort();
  }, [enabled, url]);

  if (!enabled) return null;
  const label =
    status === 'checking' ? 'Serveur\u202f: vérification…' : status === 'ok' ? 'Serveur\u202f: connecté' : MESSAGES.homeConnectionFailed;
  return (
    <p className={`home-backend-badge home-backend-badge-${status}`} role="status">
      {label}
    </p>
  );
}
