import { useT } from '../../../i18n/i18n.ts';

/** The upload's progress, as a bar and as a number read out by screen readers. */
export function UploadProgress({ fraction }: { fraction: number }) {
  const t = useT();
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex justify-between text-sm font-semibold text-brand-900">
        <span id="upload-progress-label">{t('admin.upload.progress')}</span>
        <span aria-hidden="true">{percent}%</span>
      </div>
      <progress
        aria-labelledby="upload-progress-label"
        value={percent}
        max={100}
        className="h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-brand-100 [&::-webkit-progress-value]:bg-brand-700"
      />
    </div>
  );
}
