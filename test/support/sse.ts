/** One event of a text/event-stream body. */
export interface SseEvent {
  event: string;
  data: unknown;
}

/** Parses a complete text/event-stream body (as the answers route writes it) into its events; comments are skipped. */
export function parseSse(body: string): SseEvent[] {
  return body
    .split(/\n\n/)
    .filter((block) => block.trim() !== '' && !block.startsWith(':'))
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message';
      const data = lines
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      return { event, data: JSON.parse(data) as unknown };
    });
}
