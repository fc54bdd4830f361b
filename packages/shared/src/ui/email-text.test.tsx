import { render } from '@testing-library/react';
import { EmailText } from './email-text';

describe('EmailText', () => {
  it('may wrap after the «@» and before each dot of the domain, the address unchanged', () => {
    const { container } = render(
      <p>
        <EmailText address="reservation@crosshotel-osaka.example.jp" />
      </p>,
    );
    const paragraph = container.querySelector('p')!;
    expect(paragraph.textContent).toBe('reservation@crosshotel-osaka.example.jp');
    expect(paragraph.innerHTML).toBe('reservation@<wbr>crosshotel-osaka<wbr>.example<wbr>.jp');
  });

  it('leaves a text without a local part and an «@» as it is', () => {
    const { container } = render(
      <p>
        <EmailText address="@example.com" />|<EmailText address="нет адреса" />
      </p>,
    );
    expect(container.querySelector('p')!.innerHTML).toBe('@example.com|нет адреса');
  });
});
