import Foundation
import Testing
import WidgetLintFuzzing

@testable import WidgetLintCore
@testable import WidgetLintModel
@testable import WidgetLintReaders

/// The components marked `'widget'` (expo-widgets) and what they use that the widget runtime cannot.
@Suite struct WidgetRuntimeTests {
  func uses(_ text: String, path: String = "Widget.tsx") -> [String] {
    let facts = JavaScriptAppCallScanner.scan(SourceText(path: path, text: text))
    return (facts?.widgetRuntimeUses ?? []).map { use in
      let position = use.span.file.position(atOffset: use.span.start)
      return "\(use.kind.rawValue) \(use.name) \(use.component ?? "-") \(position.line):\(position.column)"
    }
  }

  @Test func eachKindAtItsFirstUse() {
    let text = """
      import { Text, VStack } from '@expo/ui/swift-ui';
      import { createWidget } from 'expo-widgets';
      import React, { useState } from 'react';
      import { View } from 'react-native';
      import { label as format } from '../lib/format';

      const Weather = async (props: { t: number }) => {
        'widget';
        const [x] = useState(0);
        const y = React.useMemo(() => format(props.t), []);
        await Promise.resolve();
        return <VStack><View title="a<b" /><Text>{format(x)}</Text></VStack>;
      };
      export default createWidget('Weather', Weather);
      """
    #expect(
      uses(text) == [
        "asynchronous async Weather 7:17", "hook useState Weather 9:15", "hook useMemo Weather 10:19",
        "appModule format Weather 10:33", "foreignComponent View Weather 12:19",
      ])
  }

  /// Only the directive's function is judged; hooks elsewhere in the file, members and keys are not.
  @Test func onlyTheMarkedComponent() {
    let text = """
      import { Text } from '@expo/ui/swift-ui';
      import { useState } from 'react';
      import { theme } from './theme';

      export function Screen() {
        const [a] = useState(0);
        return null;
      }

      function Card(props) {
        'widget';
        const style = { theme: props.theme, other: obj.useThing() };
        return <Text>{props.text}</Text>;
      }
      """
    #expect(uses(text).isEmpty)
  }

  /// A `'widget'` string that is not a body's first statement, or a file that imports neither package.
  @Test func notADirective() {
    #expect(uses("import { Text } from '@expo/ui/swift-ui';\nconst a = () => { f('widget'); useX(); };\n").isEmpty)
    #expect(uses("import { useState } from 'react';\nfunction W() {\n  'widget';\n  useState();\n}\n").isEmpty)
  }
}

/// The fuzz targets take the examples of expo-widgets and Voltra (seeds of scripts/fuzz) and keep their
/// properties: the appjs target's app declares an expo-widgets widget, the javascript one reads an
/// `app.json` input with the plugins' options.
@Suite struct ConfigWidgetFuzzSeedTests {
  @Test(arguments: [
    (FuzzTarget.appjs, "examples/broken-projects/expo-widget-runtime/widgets/TrailConditions.tsx"),
    (FuzzTarget.appjs, "examples/expo-sdk-widgets/widgets/SunsetCountdown.tsx"),
    (FuzzTarget.appjs, "examples/voltra-widgets/App.tsx"),
    (FuzzTarget.javascript, "examples/broken-projects/voltra-widget-mistakes/app.json"),
    (FuzzTarget.javascript, "examples/broken-projects/expo-sdk-widget-mistakes/app.json"),
  ])
  func exampleRunsThroughItsFuzzTarget(_ target: FuzzTarget, _ path: String) throws {
    let data = try #require(FileManager.default.contents(atPath: TestSupport.path(path)))
    target.run(Array(data))
  }
}
