import 'package:flutter/material.dart';
import 'package:home_widget/home_widget.dart';

/// The key the iOS widget reads from the shared App Group store
/// (`CounterStore.count()` in ios/CounterWidget/CounterWidget.swift).
const String counterKey = 'counter';

Future<void> main() async {
  WidgetsFlutterBinding.ensureInitialized();
  // Must equal com.apple.security.application-groups in ios/Runner/Runner.entitlements
  // and ios/CounterWidget/CounterWidget.entitlements, and the suite the widget reads.
  await HomeWidget.setAppGroupId('group.com.example.flutterCounter');
  runApp(const CounterApp());
}

class CounterApp extends StatelessWidget {
  const CounterApp({super.key});

  @override
  Widget build(BuildContext context) {
    return MaterialApp(
      title: 'Flutter Counter',
      theme: ThemeData(
        colorScheme: ColorScheme.fromSeed(seedColor: Colors.blue),
        useMaterial3: true,
      ),
      home: const CounterPage(title: 'Flutter Counter'),
    );
  }
}

class CounterPage extends StatefulWidget {
  const CounterPage({super.key, required this.title});

  final String title;

  @override
  State<CounterPage> createState() => _CounterPageState();
}

class _CounterPageState extends State<CounterPage> {
  int _counter = 0;

  @override
  void initState() {
    super.initState();
    _loadCounter();
  }

  Future<void> _loadCounter() async {
    final stored = await HomeWidget.getWidgetData<int>(counterKey, defaultValue: 0);
    setState(() => _counter = stored ?? 0);
  }

  /// Saves the new count, then asks WidgetKit to reload the widget whose
  /// `kind` is "CounterWidget" (the widget never reloads on its own).
  Future<void> _incrementCounter() async {
    setState(() => _counter++);
    await HomeWidget.saveWidgetData<int>('counter', _counter);
    await HomeWidget.updateWidget(
      iOSName: 'CounterWidgt',
      androidName: 'CounterWidgetProvider',
    );
  }

  @override
  Widget build(BuildContext context) {
    return Scaffold(
      appBar: AppBar(
        backgroundColor: Theme.of(context).colorScheme.inversePrimary,
        title: Text(widget.title),
      ),
      body: Center(
        child: Column(
          mainAxisAlignment: MainAxisAlignment.center,
          children: <Widget>[
            const Text('You have pushed the button this many times:'),
            Text(
              '$_counter',
              style: Theme.of(context).textTheme.headlineMedium,
            ),
          ],
        ),
      ),
      floatingActionButton: FloatingActionButton(
        onPressed: _incrementCounter,
        tooltip: 'Increment',
        child: const Icon(Icons.add),
      ),
    );
  }
}
