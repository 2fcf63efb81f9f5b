import { Skeleton } from 'antd';
import { SectionCard } from '@/common/ui/section-card';
import { useProfile } from '../api/get-profile';
import { DisplayNameField } from './display-name-field';
import { PhotoUpload } from './photo-upload';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:items-start">
      <dt className="text-sm font-medium text-slate-500 sm:pt-1">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/** Name (editable in place), email (read-only) and photo of the signed-in user. */
export function ProfileDetailsCard() {
  const { data: profile } = useProfile();
  return (
    <SectionCard title="Your details" description="How your team sees you in Revlane.">
      {profile ? (
        <dl className="flex flex-col gap-5">
          <Row label="Photo">
            <PhotoUpload profile={profile} />
          </Row>
          <Row label="Display name">
            <DisplayNameField displayName={profile.displayName} />
          </Row>
          <Row label="Email">
            <span className="text-base text-slate-900">{profile.email}</span>
          </Row>
          <Row label="Organization">
            <span className="text-base text-slate-900">{profile.organization.name}</span>
          </Row>
        </dl>
      ) : (
        <Skeleton active avatar paragraph={{ rows: 3 }} />
      )}
    </SectionCard>
  );
}
