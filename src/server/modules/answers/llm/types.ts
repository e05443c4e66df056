export type { RetrievedPassage, RetrievedReference, RetrievedSource } from '../retrieval/types';

/** Chat messages sent to an OpenAI-compatible chat-completions endpoint. */
export type ChatRole = 'system' | 'user';

export interface ChatMessage {
  role: ChatRole;
  content: string;
}
