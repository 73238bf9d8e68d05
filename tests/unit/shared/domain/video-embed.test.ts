import { describe, expect, it } from 'vitest';
import { isWebUrl, videoSource } from '../../../../src/shared/domain/video-embed';

describe('videoSource: a pasted link played in the page', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', { kind: 'embed', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' }],
    ['https://youtu.be/dQw4w9WgXcQ', { kind: 'embed', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' }],
    ['https://youtube.com/shorts/dQw4w9WgXcQ', { kind: 'embed', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' }],
    ['https://vimeo.com/76979871', { kind: 'embed', src: 'https://player.vimeo.com/video/76979871' }],
    ['https://cdn.example.com/aula.mp4', { kind: 'file', src: 'https://cdn.example.com/aula.mp4' }],
    ['https://example.com/pagina', { kind: 'link', src: 'https://example.com/pagina' }],
  ])('%s', (url, source) => {
    expect(videoSource(url)).toEqual(source);
  });

  it('keeps only web links', () => {
    expect(isWebUrl('https://youtu.be/x')).toBe(true);
    expect(isWebUrl('javascript:alert(1)')).toBe(false);
    expect(isWebUrl('ftp://x')).toBe(false);
    expect(isWebUrl('nada')).toBe(false);
  });
});
