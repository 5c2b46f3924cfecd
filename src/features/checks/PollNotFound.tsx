import { BACK_TO_CHECKS, ErrorScreen } from '../../shared/ui/ErrorScreen';
import { NotSharedAt } from '../errors/embed';

/**
 * A check's page whose poll, drivers or results the server answers 403 or 404 for (or whose
 * address names no check): spec §2's not-found state, saying which check is missing, with the
 * way back to the checks first. Any other failure keeps the error with its retry.
 */
export function PollNotFound({ noun = 'check' }: { noun?: string }) {
  return (
    <ErrorScreen notFound inLayout back={BACK_TO_CHECKS} missing={<NotSharedAt noun={noun} />} />
  );
}
