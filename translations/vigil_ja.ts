<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>GatewayCommandLine</name>
    <message>
        <source>Address to serve on (default 127.0.0.1:50051; port 0 picks a free one).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs in the simulated cluster, 1 to 100000 (default 2048).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulator seed; the same seed gives the same stream (default 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples per second of wall time, up to 100 (default 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulated seconds per wall-clock second (default 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds of journal retained for resuming clients (default 600).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--listen: &apos;%1&apos; is not host:port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--gpus: &apos;%1&apos; is not a number from 1 to 100000</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--seed: &apos;%1&apos; is not a non-negative integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--rate: &apos;%1&apos; is not a rate above 0 and up to 100 Hz</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--speed: &apos;%1&apos; is not a factor above 0 and up to 1000000</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--retain: &apos;%1&apos; is not a number of seconds from 10 to 86400</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GpuDescription</name>
    <message>
        <source>training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>evaluation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>background</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unclassified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rack %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No job (idle)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature %1 · HBM %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Power %1 · Utilisation %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory used %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Overlay</name>
    <message>
        <source>GPU temperature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU power</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDU load of rating</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Operations dashboard for GPU training clusters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gateway to subscribe to (default 127.0.0.1:50051).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a gateway with a simulated cluster on 127.0.0.1 and connect to it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User interface language (e.g. en, de, ja); default: the system&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save a screenshot of the window once data is live, then quit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vigil</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo gateway could not start: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vigil — demo cluster (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serves a simulated GPU cluster over gRPC (vigil.v1.Gateway).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vigil-gateway: serving %1 GPUs in %2 racks on %3 (epoch %4, seed %5)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>vigil::ColorLegend</name>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no reading</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>vigil::ConnectionStatusWidget</name>
    <message>
        <source>Connecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reconnecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resumed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gateway %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no data yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data age &lt;span style=&apos;color:%1&apos;&gt;%2 s&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 frames/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no gaps</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n gap(s) in the stream</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Cluster time %1 UTC</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>vigil::JobTableModel</name>
    <message>
        <source>training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>evaluation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>background</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unclassified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step time</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>vigil::MainWindow</name>
    <message>
        <source>Vigil — GPU cluster operations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlays</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Full screen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Vigil</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Vigil</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Vigil %1&lt;/h3&gt;&lt;p&gt;An operations dashboard for GPU training clusters: live rack map, telemetry over gRPC, and the cost of keeping a run alive made visible.&lt;/p&gt;&lt;p&gt;Licensed under the GNU General Public License, version 3 or later.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>vigil::RackMapWidget</name>
    <message>
        <source>Waiting for the cluster&apos;s topology…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
