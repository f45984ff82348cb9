import { LIMITS } from '../common/limits.js';
import type { SiteType } from './site-types.js';

/** Spec §3 "Site info per type": what the subdomain router puts in the title and social tags. */
export interface SiteInfo {
  type: SiteType;
  title: string;
  description: string;
  features: string[];
  allowRegistration: boolean;
  showMain: boolean;
  requireAdmin: boolean;
}

const BRAND = 'ورّاق';

const SITE_INFO: Partial<Record<SiteType, Omit<SiteInfo, 'type'>>> = {
  main: {
    title: `${BRAND} — منصة القراءة العربية`,
    description:
      'ورّاق منصة عربية لقراءة المانجا والمانهوا والمانها والروايات، تُرجمت بأيدي مجتمع من القرّاء والمترجمين، بواجهة من اليمين إلى اليسار تعمل على كل الأجهزة.',
    features: ['manga', 'novel', 'game', 'app', 'community'],
    allowRegistration: true,
    showMain: true,
    requireAdmin: false,
  },
  manga: {
    title: `مانجا ${BRAND}`,
    description:
      'اقرأ المانجا مترجمة إلى العربية: أحدث الفصول، الأعمال الشائعة والموسمية، وقارئ سريع يقلب الصفحات من اليمين إلى اليسار.',
    features: ['latest', 'popular', 'library', 'community'],
    allowRegistration: true,
    showMain: false,
    requireAdmin: false,
  },
  manhua: {
    title: `مانها ${BRAND}`,
    description: 'مانها صينية مترجمة إلى العربية، تُقرأ بشريط عمودي متصل على الهاتف والحاسوب.',
    features: ['latest', 'browse', 'popular', 'completed'],
    allowRegistration: true,
    showMain: false,
    requireAdmin: false,
  },
  manhwa: {
    title: `مانهوا ${BRAND}`,
    description: 'مانهوا كورية مترجمة إلى العربية: أكشن ورومانسية وفانتازيا ودراما بشريط عمودي متصل.',
    features: ['browse', 'latest', 'trending', 'categories'],
    allowRegistration: true,
    showMain: false,
    requireAdmin: false,
  },
  novel: {
    title: `روايات ${BRAND}`,
    description: 'روايات ويب مترجمة ومؤلفة بالعربية، بفصول نصية مريحة للقراءة الطويلة.',
    features: ['popular', 'browse', 'latest', 'completed'],
    allowRegistration: true,
    showMain: false,
    requireAdmin: false,
  },
  dashboard: {
    title: `لوحة تحكم ${BRAND}`,
    description: 'لوحة تحكم ورّاق: مراجعة المحتوى وحالة النظام والخدمات.',
    features: ['content', 'health', 'services'],
    allowRegistration: true,
    showMain: false,
    requireAdmin: false,
  },
  admin: {
    title: `إدارة ${BRAND}`,
    description: 'منطقة إدارة ورّاق للمشرفين.',
    features: ['services', 'domains', 'users', 'logs'],
    allowRegistration: false,
    showMain: false,
    requireAdmin: true,
  },
};

/** Cuts a description to the 160 characters of §9, on a word boundary when there is one. */
export function truncateDescription(text: string, max: number = LIMITS.descriptionMetaMax): string {
  const chars = Array.from(text.trim());
  if (chars.length <= max) return chars.join('');
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export function siteInfoFor(type: SiteType): SiteInfo {
  const info = SITE_INFO[type] ?? SITE_INFO.main!;
  return { type, ...info, description: truncateDescription(info.description) };
}
