import { Badge, type BadgeTone } from './Badge';

/**
 * A record's status wherever a list or a table shows it: one pill, its tone from the status's
 * place in its workflow (waiting, under way, needs someone, done, stopped), so the same status
 * reads the same on every screen. `tones` maps a status code to its tone, `labels` to its words.
 */
export function StatusPill<Status extends string>({
  status,
  labels,
  tones,
}: {
  status: Status;
  labels: Readonly<Record<Status, string>>;
  tones: Readonly<Record<Status, BadgeTone>>;
}) {
  return (
    <Badge tone={tones[status]} data-status={status}>
      {labels[status]}
    </Badge>
  );
}
