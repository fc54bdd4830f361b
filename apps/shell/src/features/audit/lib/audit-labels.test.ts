import { actionLabel, fieldLabel, valueText } from './audit-labels';

// Every action the API writes to the log has its Russian name (routes/auth, plugins/audit,
// accounting/movements, users, and the records' own history: requests assign and convert).
describe('audit labels', () => {
  it('names every action the server writes', () => {
    const actions = {
      login: 'Вход',
      login_failed: 'Неудачный вход',
      refused: 'Отказ в доступе',
      refused_repeated: 'Повторные отказы',
      exported: 'Экспорт',
      imported: 'Импорт из Excel',
      roles: 'Смена ролей',
      created: 'Создание',
      updated: 'Изменение',
      status: 'Смена статуса',
      assigned: 'Назначение',
      converted: 'Оформление',
      confirmed: 'Подтверждение',
      rejected: 'Отклонение',
      sessions_ended: 'Завершение сеансов',
      archived: 'В архив',
      restored: 'Из архива',
      deleted: 'Удаление',
    };
    for (const [action, label] of Object.entries(actions)) {
      expect([action, actionLabel(action)]).toEqual([action, label]);
    }
    expect(actionLabel('something_new')).toBe('something_new');
  });

  it('writes values as a person reads them', () => {
    expect(valueText(null)).toBe('—');
    expect(valueText(['accountant', 'sales_manager'], 'roles')).toBe(
      'Бухгалтер, Менеджер по продажам',
    );
    expect(valueText('throttled', 'reason')).toBe('слишком много попыток');
    expect(valueText('client-only', 'reason')).toBe('у клиента нет входа в систему');
    expect(valueText('2026-11-20', 'birth_date')).toBe('20.11.2026');
    expect(valueText(true, 'four_eyes')).toBe('Да');
    expect(valueText(403, 'status')).toBe('403');
    const ended = [
      { ip: '198.51.100.20', user_agent: 'Firefox/133.0' },
      { ip: null, user_agent: null },
    ];
    expect(valueText(ended, 'sessions')).toBe('198.51.100.20, Firefox/133.0; —, —');
    expect(fieldLabel('url')).toBe('Адрес запроса');
    expect(fieldLabel('assignee_id')).toBe('assignee_id');
  });
});
