import { UploadOutlined } from '@ant-design/icons';
import type { Profile } from '@revlane/contracts';
import { Button, Progress, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { InlineAlert } from '@/common/ui/inline-alert';
import { UserAvatar } from '@/common/ui/user-avatar';
import { useUploadPhoto } from '../hooks/use-upload-photo';
import { getPhotoFileProblem, PHOTO_ACCEPT, PHOTO_HINT } from '../lib/photo-rules';
import { RemovePhotoButton } from './remove-photo-button';

/** The profile photo: upload (images only, 5 MB) through the content service, or remove. */
export function PhotoUpload({ profile }: { profile: Profile }) {
  const upload = useUploadPhoto();
  const [problem, setProblem] = useState<string | null>(null);
  const message = problem ?? upload.error?.message ?? null;

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const fileProblem = getPhotoFileProblem(file);
    setProblem(fileProblem);
    upload.reset();
    return fileProblem ? Upload.LIST_IGNORE : true;
  };
  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    upload.mutateAsync(file as File).then(
      () => {
        onSuccess?.(null);
        toast.success('Photo updated');
      },
      (error: Error) => onError?.(error),
    );
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-4">
        <UserAvatar name={profile.displayName} photo={profile.photo} size={72} />
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap gap-2">
            <Upload
              accept={PHOTO_ACCEPT}
              showUploadList={false}
              beforeUpload={beforeUpload}
              customRequest={customRequest}
              disabled={upload.isPending}
            >
              <Button icon={<UploadOutlined aria-hidden="true" />} loading={upload.isPending}>
                {profile.photo ? 'Change photo' : 'Upload photo'}
              </Button>
            </Upload>
            {profile.photo && <RemovePhotoButton />}
          </div>
          <p className="text-xs text-slate-500">{PHOTO_HINT}</p>
        </div>
      </div>
      {upload.isPending && <Progress percent={upload.percent} size="small" aria-label="Upload" />}
      {message && <InlineAlert type="error" title={message} />}
    </div>
  );
}
