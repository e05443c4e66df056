/** One Server-Sent Event: its type (`message` when the stream names none) and its data lines joined by "\n". */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * Shared by the browser (answers streamed by our API) and the server (a language model's streamed
 * chat completion).
 * An incremental parser for `text/event-stream` (WHATWG HTML § 9.2.6): text may arrive cut anywhere —
 * in the middle of a field, between "\r" and "\n" — and lines end with CRLF, LF or CR. Comments (":…")
 * are skipped, `id` and `retry` are ignored (the answer is never resumed), and an event without data
 * lines is not dispatched.
 */
export class SseParser {
  private buffer = '';
  private eventType = '';
  private dataLines: string[] = [];
  private hasData = false;
  private skipLeadingLf = false;

  /** Feeds decoded text; returns the events completed by it. */
  push(text: string): SseEvent[] {
    const events: SseEvent[] = [];
    let chunk = text;
    if (this.skipLeadingLf && chunk !== '') {
      // The previous chunk ended with "\r": a "\n" right after it belongs to the same line ending.
      if (chunk.startsWith('\n')) chunk = chunk.slice(1);
      this.skipLeadingLf = false;
    }
    this.buffer += chunk;
    let start = 0;
    for (let i = 0; i < this.buffer.length; i += 1) {
      const ch = this.buffer[i];
      if (ch !== '\n' && ch !== '\r') continue;
      this.line(this.buffer.slice(start, i), events);
      if (ch === '\r') {
        if (i + 1 === this.buffer.length) this.skipLeadingLf = true;
        else if (this.buffer[i + 1] === '\n') i += 1;
      }
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
    return events;
  }

  /**
   * The stream ended. By the standard an event not followed by a blank line is dropped; with
   * `dispatchPending` it is delivered (some model servers close the stream without the last blank line).
   */
  end(options: { dispatchPending?: boolean } = {}): SseEvent[] {
    const events: SseEvent[] = [];
    if (options.dispatchPending) {
      if (this.buffer !== '') this.line(this.buffer, events);
      this.line('', events);
    }
    this.buffer = '';
    this.eventType = '';
    this.dataLines = [];
    this.hasData = false;
    this.skipLeadingLf = false;
    return events;
  }

  private line(line: string, events: SseEvent[]): void {
    if (line === '') {
      if (this.hasData) events.push({ event: this.eventType || 'message', data: this.dataLines.join('\n') });
      this.eventType = '';
      this.dataLines = [];
      this.hasData = false;
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.eventType = value;
    else if (field === 'data') {
      this.dataLines.push(value);
      this.hasData = true;
    }
  }
}
