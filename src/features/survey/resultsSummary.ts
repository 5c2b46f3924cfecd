import { gradedOptions, type PollResults } from '../../api/contract/polls';

type ResultDriver = PollResults['drivers'][number];

/** The questions some participant of the check is asked: the others have no one to answer. */
export function applicableDrivers(results: PollResults): ResultDriver[] {
  return results.drivers
    .map((driver) => ({
      ...driver,
      questions: driver.questions.filter((question) => question.answers.length > 0),
    }))
    .filter((driver) => driver.questions.length > 0);
}

/** One driver's answers counted by option label (and 'No answer' for the ones still open). */
export interface DriverDistribution {
  driver: string;
  counts: Record<string, number>;
  /**
   * The driver's score, 0–100: each answer weighs by its place among the graded options (the
   * first, best, counts 1, the last 0); 'not applicable' and open answers do not count. Null when
   * no answer counts.
   */
  score: number | null;
}

export const NO_ANSWER = 'No answer';

/** The answer labels in the model's order, then 'No answer' when some are still open. */
export function answerLabels(drivers: readonly ResultDriver[]): string[] {
  const labels: string[] = [];
  let open = false;
  for (const driver of drivers)
    for (const question of driver.questions) {
      for (const option of question.options)
        if (!labels.includes(option.label)) labels.push(option.label);
      if (question.answers.some((answer) => answer.answer === null)) open = true;
    }
  return open ? [...labels, NO_ANSWER] : labels;
}

export function distribution(drivers: readonly ResultDriver[]): DriverDistribution[] {
  return drivers.map((driver) => {
    const counts: Record<string, number> = {};
    let weight = 0;
    let graded = 0;
    for (const question of driver.questions)
      for (const answer of question.answers) {
        const scale = gradedOptions(question.options);
        const place = scale.findIndex((option) => option.value === answer.answer);
        if (place >= 0 && scale.length > 1) {
          weight += 1 - place / (scale.length - 1);
          graded += 1;
        }
        const label =
          answer.answer === null
            ? NO_ANSWER
            : (question.options.find((option) => option.value === answer.answer)?.label ??
              answer.answer);
        counts[label] = (counts[label] ?? 0) + 1;
      }
    return {
      driver: driver.name,
      counts,
      score: graded > 0 ? Math.round((weight / graded) * 100) : null,
    };
  });
}
