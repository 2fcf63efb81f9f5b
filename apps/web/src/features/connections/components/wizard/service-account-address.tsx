import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { COPY_CONFIRMATION_MS } from '@revlane/contracts';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useAppConfig } from '@/common/config';

/**
 * The service account a spreadsheet is shared with (from `/config.json`), with a copy
 * button that confirms for 3 seconds (docs/product.md §9).
 */
export function ServiceAccountAddress() {
  const address = useAppConfig().googleServiceAccountEmail;
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);
  const copy = async () => {
    await navigator.clipboard.writeText(address);
    setIsCopied(true);
  };

  return (
    <div className="mb-5 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200">
      <p className="text-sm text-slate-700">
        Share the spreadsheet (as a viewer) with Revlane&apos;s service account:
      </p>
      <div className="mt-2 flex items-center gap-2">
        <code className="min-w-0 flex-1 truncate rounded bg-white px-2 py-1 text-sm ring-1 ring-slate-200">
          {address}
        </code>
        <Button
          size="small"
          icon={isCopied ? <CheckOutlined /> : <CopyOutlined />}
          onClick={() => void copy()}
          aria-label={isCopied ? 'Copied' : 'Copy address'}
        >
          {isCopied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <span role="status" className="sr-only">
        {isCopied ? 'Copied' : ''}
      </span>
    </div>
  );
}
