/** The upload's real progress (bytes sent), with the percent also in words for screen readers. */
export function UploadProgress({ percent, label }: { percent: number; label: string }) {
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between text-sm font-medium text-slate-700">
        <span>{label}</span>
        <span className="tabular-nums" aria-hidden="true">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className="h-2.5 overflow-hidden rounded-full bg-violet-100"
      >
        <div
          className="h-full rounded-full bg-violet-600 motion-safe:transition-all"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
