import {
  IDP_PATHS,
  interactionLoginResultSchema,
  type InteractionLoginBody,
  type InteractionLoginResult,
} from '@revlane/contracts';
import { type ApiError, useSingleFlightMutation } from '@/common/api';
import { postToIdentityProvider } from './post-to-identity-provider';

/** `POST /idp/interaction/{uid}/login`: answers the embedded provider's sign-in step. */
export function submitInteractionLogin(
  interactionUid: string,
  credentials: InteractionLoginBody,
): Promise<InteractionLoginResult> {
  return postToIdentityProvider(
    IDP_PATHS.interactionLogin(encodeURIComponent(interactionUid)),
    credentials,
    interactionLoginResultSchema,
  );
}

export function useInteractionLogin(interactionUid: string) {
  return useSingleFlightMutation<InteractionLoginResult, ApiError, InteractionLoginBody>({
    mutationFn: (credentials) => submitInteractionLogin(interactionUid, credentials),
    // The form shows its errors inline, next to the fields.
    meta: { hideErrorToast: true },
  });
}
