import { describe, expect, it } from 'vitest';
import { SERVICE_PAGES, servicePageBySlug } from '@agency/contract/content/service-pages.ts';
import { SERVICES_CATALOGUE } from '@agency/contract/content/services.ts';

describe('service landing page content', () => {
  it('has prose for every service in the catalogue and nothing else', () => {
    expect(SERVICE_PAGES.map((entry) => entry.slug).sort()).toEqual(SERVICES_CATALOGUE.map((s) => s.slug).sort());
    for (const service of SERVICES_CATALOGUE) expect(servicePageBySlug(service.slug)).toBeDefined();
  });

  it('has the FAQ sizes the specification asks for', () => {
    const counts = Object.fromEntries(SERVICE_PAGES.map((entry) => [entry.slug, entry.faqs.length]));
    expect(counts['cloud-services']).toBe(3);
    expect(counts['cloud-storage-backup']).toBe(4);
    expect(counts['it-support']).toBe(5);
    for (const slug of [
      'custom-development',
      'wordpress-development',
      'ecommerce-development',
      'server-setup',
      'cloud-migration',
      'network-design',
      'vpn-setup',
      'firewall',
      'system-upgrade',
    ]) {
      expect(counts[slug], slug).toBe(4);
    }
  });

  it('uses the exact hero labels of the specification', () => {
    expect(servicePageBySlug('cloud-services')?.hero.mailLabel).toBe('Talk to our experts');
    expect(servicePageBySlug('it-support')?.hero.mailLabel).toBe('Talk with our experts');
    expect(servicePageBySlug('wordpress-development')?.hero.connectLabel).toBeTruthy();
    expect(servicePageBySlug('ecommerce-development')?.hero.connectLabel).toBeTruthy();
  });

  it('gives IT support its named sections, four importance bullets and five FAQ topics', () => {
    const page = servicePageBySlug('it-support');
    expect(page?.sections.map((s) => s.heading)).toEqual([
      'Why Choose IT Support Service?',
      'Importance of IT Support Services',
    ]);
    expect(page?.sections[1]?.items).toHaveLength(4);
  });

  it('gives every image alt text and dimensions, and keeps section ids unique per page', () => {
    for (const entry of SERVICE_PAGES) {
      const images = [entry.hero.image, ...entry.sections.flatMap((s) => (s.image ? [s.image] : []))];
      for (const image of images) {
        expect(image.alt.length, image.src).toBeGreaterThan(10);
        expect(image.width).toBeGreaterThan(0);
        expect(image.height).toBeGreaterThan(0);
      }
      const ids = entry.sections.map((s) => s.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });
});
