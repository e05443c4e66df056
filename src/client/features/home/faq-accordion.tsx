import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface FaqItem {
  question: string;
  answer: ReactNode;
}

/**
 * WAI-ARIA accordion: one item open at a time, clicking the open item closes it. Headers are buttons
 * (Enter/Space) with aria-expanded/aria-controls; ArrowUp/ArrowDown/Home/End move between headers.
 */
export function FaqAccordion({ items, headingLevel = 3 }: { items: readonly FaqItem[]; headingLevel?: 3 | 4 }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const baseId = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const Heading = headingLevel === 3 ? 'h3' : 'h4';

  function toggle(index: number) {
    setOpenIndex((current) => (current === index ? null : index));
  }

  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = items.length - 1;
    let target: number | null = null;
    if (event.key === 'ArrowDown') target = index === last ? 0 : index + 1;
    else if (event.key === 'ArrowUp') target = index === 0 ? last : index - 1;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = last;
    if (target === null) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  }

  return (
    <div className="home-faq">
      {items.map((item, index) => {
        const open = openIndex === index;
        const buttonId = `${baseId}-faq-button-${index}`;
        const panelId = `${baseId}-faq-panel-${index}`;
        return (
          <div key={item.question} className={open ? 'home-faq-item home-faq-item-open' : 'home-faq-item'}>
            <Heading className="home-faq-heading">
              <button
                ref={(el) => {
                  buttons.current[index] = el;
                }}
                type="button"
                id={buttonId}
                className="home-faq-button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => toggle(index)}
                onKeyDown={(event) => handleKeyDown(event, index)}
              >
                <span>{item.question}</span>
                <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20" className="home-faq-chevron">
                  <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} className="home-faq-panel" hidden={!open}>
              {item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
