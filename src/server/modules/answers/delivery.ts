import type { ServerResponse } from 'node:http';

/**
 * When an answer counts as delivered, which decides whether its credit stays taken. The rule, in one place:
 *
 *   An answer is charged if and only if it was delivered: its first section (stream) or its whole JSON body
 *   was handed to the client's socket. A client that leaves before that gets its credit back; a client that
 *   leaves after it does not (what it asked for has left: hanging up after reading the first sections of a
 *   model's answer is not a way to read answers for free).
 *
 * The one exception is the server's own failure (composition error, `error` event): the visitor is told
 * nothing was charged, and nothing is, even if sections had left.
 *
 * « Handed to the socket » is what Node can know: the write's callback (stream) or the response's `finish`
 * (JSON) came before the connection closed. But the kernel accepts bytes for a client that has already
 * closed its side, and while an answer is composed the event loop reads nothing from the network: a client
 * that left during the composition would look present at the moment of the write. So the decisive write (the
 * JSON body, the first section) comes after one turn of the event loop that reads the network
 * (`networkTurn`), and only if the client is still there (`clientGone`: closed, reset, or its side of the
 * connection ended). Only a client leaving in the microseconds between that check and the write still counts
 * as served: the server cannot tell it apart.
 */

/** Whether the connection of `res` is already closed (the client left, or the response is over). */
export function connectionClosed(res: ServerResponse): boolean {
  return res.destroyed || !res.socket || res.socket.destroyed;
}

/**
 * Whether the client has left: the connection is closed or reset, or the client ended its side of it (an
 * HTTP client waiting for its answer does not half-close: it has gone).
 */
export function clientGone(res: ServerResponse): boolean {
  const socket = res.socket;
  return connectionClosed(res) || !socket || socket.readableEnded || !socket.writable;
}

/**
 * Resolves after the event loop has polled the network at least once: two immediates, the second queued
 * from the check phase, so that a poll phase runs between them whatever phase the caller was in. A client's
 * close or reset that arrived while the loop was busy is seen by then.
 */
export async function networkTurn(): Promise<void> {
  for (let i = 0; i < 2; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * Writes `chunk` and resolves true once it has been handed to the socket, false if the connection closed
 * first (or already had). Never rejects.
 */
export function writeDelivered(res: ServerResponse, chunk: string): Promise<boolean> {
  if (connectionClosed(res) || res.writableEnded) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onClose = (): void => resolve(false);
    res.once('close', onClose);
    res.write(chunk, (err) => {
      res.off('close', onClose);
      resolve(!err);
    });
  });
}

/**
 * Resolves true once the whole response has been handed to the socket (`finish`), false if the connection
 * closed before. Call it just before sending (some transports finish while `send` runs). Never rejects.
 */
export function responseDelivered(res: ServerResponse): Promise<boolean> {
  if (connectionClosed(res)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const settle = (delivered: boolean): void => {
      res.off('finish', onFinish);
      res.off('close', onClose);
      resolve(delivered);
    };
    const onFinish = (): void => settle(true);
    const onClose = (): void => settle(res.writableFinished);
    res.on('finish', onFinish);
    res.on('close', onClose);
  });
}

/** The writes of one streamed answer, in order (see createStreamWriter). */
export interface StreamWriter {
  /** Writes `chunk` after every write queued before it; dropped once the client has gone. */
  write(chunk: string): void;
  /**
   * The write the charge follows (the first section): after the writes queued before it and a network turn,
   * and only if the client is still there. Resolves true once it was handed to the socket. Never rejects.
   */
  writeDecisive(chunk: string): Promise<boolean>;
  /** Resolves once every queued write has been made (or dropped). */
  drained(): Promise<void>;
}

/** One queue of writes for a streamed response: the decisive write waits for a network turn, later ones wait for it. */
export function createStreamWriter(res: ServerResponse): StreamWriter {
  let queue: Promise<unknown> = Promise.resolve();
  const open = (): boolean => !clientGone(res) && !res.writableEnded;
  return {
    write(chunk) {
      queue = queue.then(() => {
        if (open()) res.write(chunk);
      });
    },
    writeDecisive(chunk) {
      const delivered = queue.then(async () => {
        await networkTurn();
        return open() ? writeDelivered(res, chunk) : false;
      });
      queue = delivered;
      return delivered;
    },
    async drained() {
      await queue;
    },
  };
}
