import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Avatar, avatarHue } from './avatar';

afterEach(cleanup);

describe('Avatar', () => {
  it('shows the initials of up to two words when there is no image', () => {
    render(<Avatar name="Ada Byron Lovelace" />);
    const avatar = screen.getByRole('img', { name: 'Ada Byron Lovelace' });
    expect(avatar.textContent).toBe('AB');
  });
  it('shows the image, and the initials once the image fails to load', () => {
    render(<Avatar name="Grace Hopper" src="/avatars/grace.png" />);
    const img = screen.getByRole('img', { name: 'Grace Hopper' });
    expect(img.tagName).toBe('IMG');
    fireEvent.error(img);
    expect(screen.getByRole('img', { name: 'Grace Hopper' }).textContent).toBe('GH');
  });
  it('has a name and a placeholder without a person', () => {
    render(<Avatar name={null} />);
    expect(screen.getByRole('img', { name: 'Unknown user' }).textContent).toBe('?');
  });
  it('keeps one colour per name', () => {
    expect(avatarHue('Ada')).toBe(avatarHue('Ada'));
  });
});
