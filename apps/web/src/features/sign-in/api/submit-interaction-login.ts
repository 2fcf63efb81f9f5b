import {
  dataEnvelope,
  IDP_PATHS,
  interactionLoginResultSchema,
  type InteractionLoginBody,
  type InteractionLoginResult,
} from '@revlane/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, createResponseError } from '@/common/api';

const resultEnvelopeSchema = dataEnvelope(interactionLoginResultSchema);

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * `POST /idp/interaction/{uid}/login`: answers the embedded provider's sign-in step. Plain
 * `fetch` on purpose: there is no access token yet, and the interaction is tied to the
 * provider's cookies, which `credentials: 'include'` sends along.
 */
export async function submitInteractionLogin(
  interactionUid: string,
  credentials: InteractionLoginBody,
): Promise<InteractionLoginResult> {
  let response: Response;
  try {
    response = await fetch(IDP_PATHS.interactionLogin(encodeURIComponent(interactionUid)), {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(credentials),
    });
  } catch (error) {
    throw new ApiError({ message: 'Network Error', code: 'ERR_NETWORK', cause: error });
  }
  const body = await readBody(response);
  if (!response.ok) throw createResponseError(response.status, body);
  const parsed = resultEnvelopeSchema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError({
      message: 'The sign-in service sent an unexpected answer. Please try again.',
      status: response.status,
      body,
    });
  }
  return parsed.data.data;
}

export function useInteractionLogin(interactionUid: string) {
  return useMutation<InteractionLoginResult, ApiError, InteractionLoginBody>({
    mutationFn: (credentials) => submitInteractionLogin(interactionUid, credentials),
    // The form shows its errors inline, next to the fields.
    meta: { hideErrorToast: true },
  });
}
