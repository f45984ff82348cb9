import { isMobileUserAgent } from '@warraq/contracts/browser';
import type { DeviceInfo } from '@warraq/contracts';

/** What the login and register calls tell about the browser (diagnostics only; never trusted). */
export function describeDevice(): {
  device: 'mobile' | 'desktop';
  deviceInfo: DeviceInfo;
  viewport: { width: number; height: number };
} {
  const userAgent = navigator.userAgent.slice(0, 512);
  const isMobile = isMobileUserAgent(userAgent);
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } };
  return {
    device: isMobile ? 'mobile' : 'desktop',
    deviceInfo: {
      userAgent,
      platform: (nav.userAgentData?.platform ?? navigator.platform ?? '').slice(0, 64),
      vendor: (navigator.vendor ?? '').slice(0, 64),
      isMobile,
      isAndroid: /Android/i.test(userAgent),
      screenWidth: Math.round(window.screen.width),
      screenHeight: Math.round(window.screen.height),
      pixelRatio: Math.min(16, window.devicePixelRatio || 1),
    },
    viewport: { width: Math.round(window.innerWidth), height: Math.round(window.innerHeight) },
  };
}
