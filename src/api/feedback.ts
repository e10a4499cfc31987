/** Guest feedback (Wenku's FeedbackAPI): anyone may send a message; captcha when the comment captcha is on. */
import { call } from './call.ts';
import { feedbackCreate } from './generated/feedback.ts';

/** Length limits the server checks (characters). */
export const FEEDBACK_LIMITS = { name: 32, contact: 64, contentMin: 5, contentMax: 1000 } as const;

export interface FeedbackBody {
  name: string;
  contact: string;
  content: string;
  captcha?: string;
  captcha_id?: string;
}

export const createFeedback = (body: FeedbackBody) => call(feedbackCreate, body);
