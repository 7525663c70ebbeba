import { ConfigContext, ExpoConfig } from 'expo/config'
import { withSentry } from '@sentry/react-native/expo'

// `APP_VARIANT=development npx expo run:ios` builds the development app beside the store one.
const IS_DEV = process.env.APP_VARIANT === 'development'

const BUNDLE_ID: string = IS_DEV ? 'com.example.tidesdev' : 'com.example.tides'
const APP_GROUP = `group.${IS_DEV ? 'com.example.tidesdev' : 'com.example.tides'}`

export default ({ config }: ConfigContext): ExpoConfig => {
  const expoConfig: ExpoConfig = {
    ...config,
    name: IS_DEV ? 'Tides (Dev)' : 'Tides',
    slug: 'tides',
    scheme: 'tides',
    ios: {
      supportsTablet: true,
      bundleIdentifier: BUNDLE_ID,
      entitlements: {
        'com.apple.security.application-groups': [APP_GROUP],
      },
    },
    plugins: [
      '@bacons/apple-targets',
      ['expo-build-properties', { ios: { deploymentTarget: '16.0' } }],
    ],
  }
  return withSentry(expoConfig, {
    url: 'https://sentry.io/',
    project: 'tides',
    organization: 'example',
  })
}
