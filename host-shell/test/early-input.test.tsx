import fs from 'node:fs';
import { act, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HYDRATING } from '../src/boot/rendered-page';
import { INTERACTIVE, useMarkInteractive } from '../src/boot/interactive';

// The script the host's HTML carries in its head (tooling/src/perf/early-input.js), run as the page runs it:
// what a person does on the server's page before the app has taken it over is held, then delivered.
const EARLY_INPUT = fs.readFileSync(require.resolve('@utsav/tooling/src/perf/early-input.js'), 'utf8');

beforeAll(() => {
  // the page's inline script, run once in this document as the browser runs it
  new Function(EARLY_INPUT)();
});

function PhoneForm({ onSend }: { onSend: (phone: string) => void }) {
  const [phone, setPhone] = useState('');
  const [tab, setTab] = useState('upcoming');
  const [time, setTime] = useState('09:00');
  const [month, setMonth] = useState(0);
  // as MUI's fields do: a field that finds text in its element when it first appears draws itself filled, so
  // the app renders the controlled field again during the take-over (and React sets it back to its state)
  const field = useRef<HTMLInputElement>(null);
  const [filled, setFilled] = useState(false);
  useLayoutEffect(() => setFilled(field.current!.value !== ''), []);
  function submit(event: FormEvent) {
    event.preventDefault();
    onSend(phone);
  }
  return (
    <>
      <div role="tablist">
        {['upcoming', 'past'].map((name) => (
          <button key={name} type="button" role="tab" aria-selected={tab === name} onClick={() => setTab(name)}>
            {name}
          </button>
        ))}
      </div>
      <form aria-label="Sign in" onSubmit={submit}>
        <label htmlFor="phone">Phone</label>
        <input id="phone" ref={field} data-filled={filled} value={phone} onChange={(event) => setPhone(event.target.value.replace(/\D/g, ''))} />
        <label htmlFor="time">Time</label>
        <select id="time" value={time} onChange={(event) => setTime(event.target.value)}>
          <option value="09:00">9 AM</option>
          <option value="10:00">10 AM</option>
        </select>
        <button type="submit">Send</button>
      </form>
      <p>State: {phone}</p>
      <p>Time state: {time}</p>
      <button type="button" onClick={() => setMonth((shown) => shown + 1)}>
        Next month
      </button>
      <p>Month: {month}</p>
      <a href="#elsewhere">Elsewhere</a>
    </>
  );
}

function App({ onSend }: { onSend: (phone: string) => void }) {
  useMarkInteractive();
  return <PhoneForm onSend={onSend} />;
}

/** The server's page in the root, as the host's template sends it: marked until the app takes it over. */
function serverPage(onSend: (phone: string) => void): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.setAttribute(HYDRATING, '');
  root.innerHTML = renderToString(<App onSend={onSend} />);
  document.body.appendChild(root);
  return root;
}

/** Types as a person does before any code has run: the browser changes the field and fires input. */
function typeEarly(field: HTMLElement, text: string) {
  (field as HTMLInputElement).value = text;
  fireEvent.input(field);
}

/** The app takes the page over, and the held input is delivered (each in a task of its own). */
async function takeOver(root: HTMLElement, onSend: (phone: string) => void) {
  await act(async () => {
    hydrateRoot(root, <App onSend={onSend} />);
  });
  // the early-input script takes the mark off once it has delivered everything it held
  await waitFor(() => expect(root).not.toHaveAttribute(HYDRATING));
}

afterEach(() => {
  // eslint-disable-next-line testing-library/no-node-access -- the server's page of each test goes, as a new page load would
  document.getElementById('root')?.remove();
  performance.clearMarks(INTERACTIVE);
});

test('digits typed and a submit tapped before the app took over are delivered: the form sends them, the field and its state keep them', async () => {
  const onSend = jest.fn();
  const root = serverPage(onSend);
  typeEarly(screen.getByLabelText('Phone'), '98765 43210');
  const tap = fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  // held: not submitted natively (no page load), not sent
  expect(tap).toBe(false);
  expect(onSend).not.toHaveBeenCalled();

  await takeOver(root, onSend);
  expect(onSend).toHaveBeenCalledTimes(1);
  expect(onSend).toHaveBeenCalledWith('9876543210');
  // the field shows the state, which has the typed digits (its own filter applied)
  expect(screen.getByLabelText('Phone')).toHaveValue('9876543210');
  expect(screen.getByText('State: 9876543210')).toBeInTheDocument();
  expect(root).not.toHaveAttribute(HYDRATING);
});

test('a choice made in a list before the app took over is in its state after', async () => {
  const onSend = jest.fn();
  const root = serverPage(onSend);
  const list = screen.getByLabelText('Time');
  fireEvent.input(list, { target: { value: '10:00' } });
  fireEvent.change(list);

  await takeOver(root, onSend);
  expect(screen.getByLabelText('Time')).toHaveValue('10:00');
  expect(screen.getByText('Time state: 10:00')).toBeInTheDocument();
});

test('a tab tapped early is the tab shown once the app has taken over; every tap counts, in order (Next month twice is two months)', async () => {
  const onSend = jest.fn();
  const root = serverPage(onSend);
  fireEvent.click(screen.getByRole('tab', { name: 'past' }));
  fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
  fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
  expect(screen.getByRole('tab', { name: 'past' })).toHaveAttribute('aria-selected', 'false');
  expect(screen.getByText('Month: 0')).toBeInTheDocument();

  await takeOver(root, onSend);
  expect(screen.getByRole('tab', { name: 'past' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByText('Month: 2')).toBeInTheDocument();
});

test('Enter in a field (a submission with no tap) is held and delivered', async () => {
  const onSend = jest.fn();
  const root = serverPage(onSend);
  typeEarly(screen.getByLabelText('Phone'), '9876543210');
  expect(fireEvent.submit(screen.getByRole('form', { name: 'Sign in' }))).toBe(false);

  await takeOver(root, onSend);
  expect(onSend).toHaveBeenCalledWith('9876543210');
});

test('a link, a field and its label are left to the browser; after the take-over nothing is held', async () => {
  const onSend = jest.fn();
  const root = serverPage(onSend);
  expect(fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }))).toBe(true);
  expect(fireEvent.click(screen.getByLabelText('Phone'))).toBe(true);
  expect(fireEvent.click(screen.getByText('Phone'))).toBe(true);

  await takeOver(root, onSend);
  expect(onSend).not.toHaveBeenCalled();
  // the app answers now: a tap is delivered at once, by React
  fireEvent.click(screen.getByRole('tab', { name: 'past' }));
  expect(screen.getByRole('tab', { name: 'past' })).toHaveAttribute('aria-selected', 'true');
});

test('a page the app draws itself (no server render) is not held', async () => {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = '<button type="button">Plain</button>';
  document.body.appendChild(root);
  expect(fireEvent.click(screen.getByRole('button', { name: 'Plain' }))).toBe(true);
  document.dispatchEvent(new Event(INTERACTIVE));
});
