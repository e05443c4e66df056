import type { MouseEvent } from 'react';

export const MAIN_CONTENT_ID = 'contenu';

/** « Aller au contenu »: moves the focus to <main> without touching the URL. */
export function SkipLink() {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
  };
  return (
    <a className="ql-skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={onClick}>
      Aller au contenu
    </a>
  );
}
