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
 * (JSON) came before the connection closed. Bytes the kernel accepted for a client that had just closed
 * count as delivered: the server cannot tell them apart.
 */

/** Whether the connection of `res` is already closed (the client left, or the response is over). */
export function connectionClosed(res: ServerResponse): boolean {
  return res.destroyed || !res.socket || res.socket.destroyed;
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
