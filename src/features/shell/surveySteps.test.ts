import { describe, expect, it } from 'vitest';
import { surveySteps } from './surveySteps';

const drivers = [
  { slug: 'delivery', name: 'Delivery', completed: true },
  { slug: 'quality', name: 'Quality', completed: false },
];
const ALL = [
  'CAN_VIEW_PROJECT_DETAILS',
  'CAN_VIEW_RISK',
  'CAN_VIEW_POLL_OUTCOMES',
  'CAN_VIEW_SUMMARY',
];

describe('survey sidebar steps (spec §2)', () => {
  it('numbers the overview 1, then each driver, then RE, AS and SUM for an audit', () => {
    const steps = surveySteps({ pollId: 7, audit: true, permissions: ALL, drivers });
    expect(steps.map((step) => [step.label, step.path])).toEqual([
      ['1', '/audit-survey/7/overview'],
      ['2', '/audit-survey/7/drivers/delivery'],
      ['3', '/audit-survey/7/drivers/quality'],
      ['RE', '/audit-survey/7/risks'],
      ['AS', '/audit-survey/7/outcomes'],
      ['SUM', '/audit-survey/7/summary'],
    ]);
  });

  it('starts at the first driver without the overview permission and has no AS outside audits', () => {
    const steps = surveySteps({
      pollId: 7,
      audit: false,
      permissions: ['CAN_VIEW_ISSUE', 'CAN_VIEW_POLL_OUTCOMES'],
      drivers,
    });
    expect(steps.map((step) => [step.label, step.path])).toEqual([
      ['1', '/survey/7/drivers/delivery'],
      ['2', '/survey/7/drivers/quality'],
      ['RE', '/survey/7/risks'],
    ]);
  });

  it('hides RE and SUM without their permissions', () => {
    const steps = surveySteps({ pollId: 7, audit: true, permissions: [], drivers });
    expect(steps.map((step) => step.label)).toEqual(['1', '2']);
  });
});
