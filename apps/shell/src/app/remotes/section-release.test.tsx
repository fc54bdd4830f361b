import { sectionName } from './section-release';

describe('the name of a section under its pages', () => {
  it("is the sidebar group's title, and the shell's word for the agent area", () => {
    expect(sectionName('booking')).toBe('Бронирование');
    expect(sectionName('accounting')).toBe('Бухгалтерия');
    expect(sectionName('reports')).toBe('Отчеты');
    expect(sectionName('agent')).toBe('Кабинет агента');
  });
});
