import type { ReadinessProblem } from '@tour/shared';
import { ToneTag } from '../../../components/tone-tag';
import { READINESS_PROBLEMS, READY } from '../lib/readiness';

/** A tourist's (or a trip's) readiness: a tag per problem, or «Готов». */
export function ReadinessTags({ problems }: { problems: readonly ReadinessProblem[] }) {
  if (problems.length === 0) return <ToneTag tone={READY.tone}>{READY.label}</ToneTag>;
  return (
    <>
      {problems.map((problem) => {
        const known = READINESS_PROBLEMS[problem];
        return (
          <ToneTag key={problem} tone={known?.tone ?? 'warning'}>
            {known?.label ?? problem}
          </ToneTag>
        );
      })}
    </>
  );
}
