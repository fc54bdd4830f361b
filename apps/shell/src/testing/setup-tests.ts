import { installMatchMedia, setScreenWidth } from './match-media';

installMatchMedia();

beforeEach(() => {
  setScreenWidth(1280);
});

afterEach(() => {
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
