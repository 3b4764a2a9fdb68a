/**
 * Answers to what Node refuses before Fastify sees a request, in the contract's `{Code, Message}`:
 * headers over MAX_HEADER_BYTES (431), headers or a body not in within their timeouts (408), a
 * request Node cannot parse (400). The socket is closed afterwards: its state is unknown.
 */
import type { Socket } from 'node:net';
import { ErrorCode } from '../contract/errors';

const answers: Record<string, { status: number; text: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    text: 'Request Header Fields Too Large',
    message: 'The request headers are too large.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    text: 'Request Timeout',
    message: 'The request was not received in time.',
  },
};
const badRequest = { status: 400, text: 'Bad Request', message: 'The request is not valid HTTP.' };

export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = answers[error.code ?? ''] ?? badRequest;
  const body = JSON.stringify({ Code: ErrorCode.ParameterValidation, Message: answer.message });
  // A response already under way on this socket cannot be followed by another one.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    socket.end(
      `HTTP/1.1 ${answer.status} ${answer.text}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    setTimeout(() => socket.destroy(), 1000).unref();
  } else {
    socket.destroy();
  }
}
