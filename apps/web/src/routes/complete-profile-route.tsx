import { Skeleton } from 'antd';
import { OnboardingStepDialog } from '@/features/onboarding';
import { DisplayNameField, PhotoUpload, useProfile } from '@/features/profile';

/** `/app/home/complete-profile`: name and photo, edited right in the dialog. */
export default function CompleteProfileRoute() {
  const { data: profile } = useProfile();
  return (
    <OnboardingStepDialog
      stepId="complete-profile"
      userId={profile?.id}
      // Setting the name and the photo completes the step on the server (docs/product.md §4).
      refreshOn={profile && `${profile.displayName}\n${profile.photo ?? ''}`}
    >
      {() =>
        profile ? (
          <div className="flex flex-col gap-5">
            <PhotoUpload profile={profile} />
            <div>
              <p className="mb-1 text-sm font-medium text-slate-500">Display name</p>
              <DisplayNameField displayName={profile.displayName} />
            </div>
          </div>
        ) : (
          <Skeleton active avatar />
        )
      }
    </OnboardingStepDialog>
  );
}
