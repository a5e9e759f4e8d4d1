<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>AlarmTreeModel</name>
    <message>
        <source>normal</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>UNACKNOWLEDGED</source>
        <translation>未確認</translation>
    </message>
    <message>
        <source>acknowledged</source>
        <translation>確認済み</translation>
    </message>
    <message>
        <source>returned, unacknowledged</source>
        <translation>復帰・未確認</translation>
    </message>
    <message>
        <source>shelved</source>
        <translation>保留中</translation>
    </message>
    <message>
        <source>suppressed (drained)</source>
        <translation>抑制中 (ドレイン)</translation>
    </message>
    <message>
        <source>out of service</source>
        <translation>サービス停止中</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>緊急</translation>
    </message>
    <message>
        <source>high</source>
        <translation>高</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>中</translation>
    </message>
    <message>
        <source>low</source>
        <translation>低</translation>
    </message>
    <message>
        <source>Incident: %1, %2 at %3</source>
        <translation>インシデント: %1、%3 に %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n alarm(s))</source>
        <translation>
            <numerusform>%1 (%n 件)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Raised %1 (%n time(s) in all)</source>
        <translation>
            <numerusform>%1 に発生 (通算 %n 回)</numerusform>
        </translation>
    </message>
    <message>
        <source>Acknowledged by %1 at %2</source>
        <translation>%2 に %1 が確認</translation>
    </message>
    <message>
        <source>Shelved by %1 until %2</source>
        <translation>%1 が %2 まで保留</translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) of running jobs at risk</source>
        <translation>
            <numerusform>実行中ジョブの GPU %n 基が影響を受けます</numerusform>
        </translation>
    </message>
    <message>
        <source>Escalated</source>
        <translation>エスカレーション済み</translation>
    </message>
    <message>
        <source>%1 ↑</source>
        <translation>%1 ↑</translation>
    </message>
    <message>
        <source>shelved until %1</source>
        <translation>%1 まで保留</translation>
    </message>
    <message>
        <source>Xid %1</source>
        <translation>Xid %1</translation>
    </message>
    <message>
        <source>%1 (%2 GPUs)</source>
        <translation>%1 (%2 GPU)</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>優先度</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>Entity</source>
        <translation>対象</translation>
    </message>
    <message>
        <source>Alarm</source>
        <translation>アラーム</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>経過</translation>
    </message>
    <message>
        <source>Job at risk</source>
        <translation>影響するジョブ</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>担当者</translation>
    </message>
    <message>
        <source>Latest comment</source>
        <translation>最新のコメント</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%2 の %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>GPU above 85 °C</source>
        <translation>GPU 85 °C 超</translation>
    </message>
    <message>
        <source>HBM above 95 °C</source>
        <translation>HBM 95 °C 超</translation>
    </message>
    <message>
        <source>inlet air above 32 °C</source>
        <translation>吸気 32 °C 超</translation>
    </message>
    <message>
        <source>PDU above 90 % of its rating</source>
        <translation>PDU 定格の 90 % 超</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n GPU(s) of the rack</source>
        <translation>
            <numerusform>%1: ラックの GPU %n 台</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n node(s) of the rack</source>
        <translation>
            <numerusform>%1: ラックのノード %n 台</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 in row %2</source>
        <translation>%2 列の %1</translation>
    </message>
    <message>
        <source>%1, scattered</source>
        <translation>%1 (散発)</translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <source>--%1: &apos;%2&apos; is not %3</source>
        <translation>--%1: &apos;%2&apos; は無効です。期待される値: %3</translation>
    </message>
</context>
<context>
    <name>EntityDetails</name>
    <message>
        <source>&lt;p&gt;Click a GPU on the rack map, or search for one.&lt;/p&gt;</source>
        <translation>&lt;p&gt;ラックマップの GPU をクリックするか、検索してください。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>GPU %1 of %2</source>
        <translation>%2 の GPU %1</translation>
    </message>
    <message>
        <source>UUID</source>
        <translation>UUID</translation>
    </message>
    <message>
        <source>PCI</source>
        <translation>PCI</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>Place</source>
        <translation>場所</translation>
    </message>
    <message>
        <source>%1, row %2, rack %3, slot %4</source>
        <translation>%1、列 %2、ラック %3、スロット %4</translation>
    </message>
    <message>
        <source>PDU %1</source>
        <translation>PDU %1</translation>
    </message>
    <message>
        <source>no reading (rated %1 kW)</source>
        <translation>計測値なし（定格 %1 kW）</translation>
    </message>
    <message>
        <source>%1 kW of %2 kW (%3 %)</source>
        <translation>%2 kW 中 %1 kW（%3 %）</translation>
    </message>
    <message>
        <source>Cooling</source>
        <translation>冷却</translation>
    </message>
    <message>
        <source>Leaf switch</source>
        <translation>リーフスイッチ</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>ジョブ</translation>
    </message>
    <message>
        <source>%1 (%2), %3 GPUs, DP %4 × TP %5 × PP %6</source>
        <translation>%1（%2）、%3 GPU、DP %4 × TP %5 × PP %6</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>学習</translation>
    </message>
    <message>
        <source>step %1, loss %2, step time %3</source>
        <translation>ステップ %1、損失 %2、ステップ時間 %3</translation>
    </message>
    <message>
        <source>none (idle)</source>
        <translation>なし（アイドル）</translation>
    </message>
    <message>
        <source>Recent events</source>
        <translation>最近のイベント</translation>
    </message>
    <message>
        <source>none received</source>
        <translation>受信なし</translation>
    </message>
    <message>
        <source>Rack %1</source>
        <translation>ラック %1</translation>
    </message>
    <message>
        <source>Inlet air</source>
        <translation>吸気</translation>
    </message>
    <message>
        <source>%1, supply %2</source>
        <translation>%1、供給 %2</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>ノード</translation>
    </message>
    <message>
        <source>%1 nodes, %2 GPUs</source>
        <translation>%1 ノード、%2 GPU</translation>
    </message>
    <message>
        <source>Hottest GPU</source>
        <translation>最高温度の GPU</translation>
    </message>
    <message>
        <source>%1 on GPU %2 of %3</source>
        <translation>%3 の GPU %2 で %1</translation>
    </message>
    <message>
        <source>Silent GPUs</source>
        <translation>応答のない GPU</translation>
    </message>
    <message>
        <source>%1 without a reading</source>
        <translation>%1 台が測定値なし</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>ジョブ</translation>
    </message>
    <message>
        <source>unknown: its GPUs report, but the topology does not list them</source>
        <translation>不明: GPU は報告しているがトポロジーに記載がない</translation>
    </message>
    <message>
        <source>%1, row %2, position %3%4</source>
        <translation>%1、列 %2、位置 %3%4</translation>
    </message>
    <message>
        <source> (assumed: the topology gives none)</source>
        <translation>（推定: トポロジーに位置の記載なし）</translation>
    </message>
    <message>
        <source>thermal slowdown</source>
        <translation>熱による減速</translation>
    </message>
    <message>
        <source>power cap</source>
        <translation>電力上限</translation>
    </message>
    <message>
        <source>power brake</source>
        <translation>パワーブレーキ</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>Clocks held down by</source>
        <translation>クロック制限の要因</translation>
    </message>
    <message>
        <source>Identity</source>
        <translation>識別情報</translation>
    </message>
    <message>
        <source>GPU temperature</source>
        <translation>GPU 温度</translation>
    </message>
    <message>
        <source>HBM temperature</source>
        <translation>HBM 温度</translation>
    </message>
    <message>
        <source>GPU power draw</source>
        <translation>GPU 消費電力</translation>
    </message>
    <message>
        <source>GPU utilisation</source>
        <translation>GPU 使用率</translation>
    </message>
    <message>
        <source>Framebuffer memory used</source>
        <translation>フレームバッファ使用量</translation>
    </message>
    <message>
        <source>Rack cold-aisle inlet temperature</source>
        <translation>ラック吸気温度 (コールドアイル)</translation>
    </message>
    <message>
        <source>PDU load</source>
        <translation>PDU 負荷</translation>
    </message>
    <message>
        <source>Cooling loop supply temperature</source>
        <translation>冷却ループ供給温度</translation>
    </message>
    <message>
        <source>Serial</source>
        <translation>シリアル番号</translation>
    </message>
    <message>
        <source>Driver</source>
        <translation>ドライバー</translation>
    </message>
    <message numerus="yes">
        <source>More from the exporter (%n field(s))</source>
        <translation>
            <numerusform>エクスポーターのその他の項目 (%n 件)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Split by MIG into %n instance(s): each one&apos;s readings are below.</source>
        <translation>
            <numerusform>MIG で %n 個のインスタンスに分割: 各インスタンスの測定値は下にあります。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>MIG instances (%n)</source>
        <translation>
            <numerusform>MIG インスタンス (%n)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 · instance %2</source>
        <translation>%1 · インスタンス %2</translation>
    </message>
    <message>
        <source>per instance, below</source>
        <translation>インスタンスごと (下記)</translation>
    </message>
    <message>
        <source>SM clock</source>
        <translation>SM クロック</translation>
    </message>
    <message>
        <source>Tensor pipes busy</source>
        <translation>Tensor パイプ稼働率</translation>
    </message>
</context>
<context>
    <name>EventDescription</name>
    <message>
        <source>Xid</source>
        <translation>Xid</translation>
    </message>
    <message>
        <source>Correctable ECC</source>
        <translation>訂正可能 ECC</translation>
    </message>
    <message>
        <source>Uncorrectable ECC</source>
        <translation>訂正不能 ECC</translation>
    </message>
    <message>
        <source>Row remap</source>
        <translation>行リマップ</translation>
    </message>
    <message>
        <source>Thermal throttle</source>
        <translation>熱スロットリング</translation>
    </message>
    <message>
        <source>Power throttle</source>
        <translation>電力スロットリング</translation>
    </message>
    <message>
        <source>Link CRC errors</source>
        <translation>リンク CRC エラー</translation>
    </message>
    <message>
        <source>IB link flap</source>
        <translation>IB リンクフラップ</translation>
    </message>
    <message>
        <source>PDU overload</source>
        <translation>PDU 過負荷</translation>
    </message>
    <message>
        <source>Inlet/coolant temperature</source>
        <translation>吸気/冷却液温度</translation>
    </message>
    <message>
        <source>Job started</source>
        <translation>ジョブ開始</translation>
    </message>
    <message>
        <source>Checkpoint saved</source>
        <translation>チェックポイント保存</translation>
    </message>
    <message>
        <source>Job crashed</source>
        <translation>ジョブ異常終了</translation>
    </message>
    <message>
        <source>Out of memory</source>
        <translation>メモリ不足</translation>
    </message>
    <message>
        <source>NCCL timeout</source>
        <translation>NCCL タイムアウト</translation>
    </message>
    <message>
        <source>Automated restart</source>
        <translation>自動再起動</translation>
    </message>
    <message>
        <source>Rollback</source>
        <translation>ロールバック</translation>
    </message>
    <message>
        <source>Job ended</source>
        <translation>ジョブ終了</translation>
    </message>
    <message>
        <source>Acknowledged</source>
        <translation>確認済み</translation>
    </message>
    <message>
        <source>Shelved</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>Manual restart</source>
        <translation>手動再起動</translation>
    </message>
    <message>
        <source>Threshold changed</source>
        <translation>しきい値変更</translation>
    </message>
    <message>
        <source>Drained</source>
        <translation>ドレイン</translation>
    </message>
    <message>
        <source>Hot-patch</source>
        <translation>ホットパッチ</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>メモ</translation>
    </message>
    <message>
        <source>Unknown event</source>
        <translation>不明なイベント</translation>
    </message>
    <message>
        <source>info</source>
        <translation>情報</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>重大</translation>
    </message>
    <message>
        <source>unrated</source>
        <translation>未評価</translation>
    </message>
    <message>
        <source>training</source>
        <translation>学習</translation>
    </message>
    <message>
        <source>evaluation</source>
        <translation>評価</translation>
    </message>
    <message>
        <source>background</source>
        <translation>バックグラウンド</translation>
    </message>
    <message>
        <source>unclassified</source>
        <translation>未分類</translation>
    </message>
    <message>
        <source>GPU %1 of %2</source>
        <translation>%2 の GPU %1</translation>
    </message>
    <message>
        <source>node %1</source>
        <translation>ノード %1</translation>
    </message>
    <message>
        <source>rack %1</source>
        <translation>ラック %1</translation>
    </message>
    <message>
        <source>PDU %1</source>
        <translation>PDU %1</translation>
    </message>
    <message>
        <source>cooling loop %1</source>
        <translation>冷却ループ %1</translation>
    </message>
    <message>
        <source>switch %1</source>
        <translation>スイッチ %1</translation>
    </message>
    <message>
        <source>job %1</source>
        <translation>ジョブ %1</translation>
    </message>
    <message>
        <source>the cluster</source>
        <translation>クラスタ</translation>
    </message>
    <message>
        <source>unknown entity %1</source>
        <translation>不明なエンティティ %1</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 時間</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 日</translation>
    </message>
    <message>
        <source>Assigned</source>
        <translation>担当割り当て</translation>
    </message>
    <message>
        <source>Escalated</source>
        <translation>エスカレーション</translation>
    </message>
    <message>
        <source>Unshelved</source>
        <translation>保留解除</translation>
    </message>
    <message>
        <source>Removed from service</source>
        <translation>サービス停止</translation>
    </message>
    <message>
        <source>Returned to service</source>
        <translation>サービス復帰</translation>
    </message>
    <message>
        <source>Back in service</source>
        <translation>運用復帰</translation>
    </message>
    <message>
        <source>PCIe replays</source>
        <translation>PCIe リプレイ</translation>
    </message>
    <message>
        <source>MIG %1 (instance %2) of GPU %3 of %4</source>
        <translation>%4 の GPU %3 の MIG %1 (インスタンス %2)</translation>
    </message>
    <message>
        <source>Slower than its peers</source>
        <translation>同じジョブの他の GPU より遅い</translation>
    </message>
    <message>
        <source>Exporter slow to answer</source>
        <translation>エクスポーターの応答が遅い</translation>
    </message>
    <message>
        <source>Readings missing</source>
        <translation>測定値の欠落</translation>
    </message>
    <message>
        <source>Series vanished</source>
        <translation>系列の消失</translation>
    </message>
    <message>
        <source>GPU silent, node answering</source>
        <translation>GPU 無応答（ノードは応答）</translation>
    </message>
    <message>
        <source>Failed again after repair</source>
        <translation>修理後に再故障</translation>
    </message>
    <message>
        <source>Xid policy threshold</source>
        <translation>Xid ポリシーのしきい値</translation>
    </message>
    <message>
        <source>Repaired</source>
        <translation>修理済み</translation>
    </message>
    <message>
        <source>Handed off</source>
        <translation>引き渡し済み</translation>
    </message>
    <message>
        <source>Hand-off answered</source>
        <translation>引き渡しへの応答</translation>
    </message>
    <message>
        <source>NVLink domain degraded</source>
        <translation>NVLink ドメイン劣化</translation>
    </message>
</context>
<context>
    <name>GatewayCommandLine</name>
    <message>
        <source>GPUs in the simulated cluster, 1 to 100000 (default 2048).</source>
        <translation>シミュレートするクラスタの GPU 数、1〜100000（既定 2048）。</translation>
    </message>
    <message>
        <source>Simulator seed; the same seed gives the same stream (default 1).</source>
        <translation>シミュレータのシード。同じシードなら同じストリーム（既定 1）。</translation>
    </message>
    <message>
        <source>Samples per second of wall time, up to 100 (default 1).</source>
        <translation>実時間 1 秒あたりのサンプル数、最大 100（既定 1）。</translation>
    </message>
    <message>
        <source>Simulated seconds per wall-clock second (default 1).</source>
        <translation>実時間 1 秒あたりのシミュレーション秒数（既定 1）。</translation>
    </message>
    <message>
        <source>Seconds of journal retained for resuming clients (default 600).</source>
        <translation>再開するクライアントのために保持するジャーナルの秒数（既定 600）。</translation>
    </message>
    <message>
        <source>What the simulated cluster lives through: steady, decline or quiet (default steady; decline for --demo).</source>
        <translation>シミュレートするクラスタのシナリオ: steady、decline、quiet（既定 steady、--demo では decline）。</translation>
    </message>
    <message>
        <source>Write the simulator&apos;s ground truth (one JSON line per failure) to this file.</source>
        <translation>シミュレータの正解データ（障害ごとに 1 行の JSON）をこのファイルに書き出します。</translation>
    </message>
    <message>
        <source>Steps between the training job&apos;s checkpoints (default 500).</source>
        <translation>学習ジョブのチェックポイント間のステップ数（既定 500）。</translation>
    </message>
    <message>
        <source>Seconds a checkpoint stalls training (default 20).</source>
        <translation>チェックポイントが学習を止める秒数（既定 20）。</translation>
    </message>
    <message>
        <source>The simulated cluster&apos;s people acknowledge nothing: only a person at a dashboard does. (What they do is always signed &quot;name (simulated)&quot;.)</source>
        <translation>シミュレーション上の担当者は何も確認しません。確認するのはダッシュボードの前の人だけです。(担当者の操作には常に「名前 (simulated)」と署名されます。)</translation>
    </message>
    <message>
        <source>%1: cannot read %2: %3</source>
        <translation>%1: %2 を読めません: %3</translation>
    </message>
    <message>
        <source>%1: %2 is empty</source>
        <translation>%1: %2 が空です</translation>
    </message>
    <message>
        <source>--remote-write-interval: &apos;%1&apos; is not a number of seconds from 0.1 to 3600</source>
        <translation>--remote-write-interval: 「%1」は 0.1〜3600 の秒数ではありません</translation>
    </message>
    <message>
        <source>--remote-write-buffer-mb: &apos;%1&apos; is not a number of megabytes from 1 to 1048576</source>
        <translation>--remote-write-buffer-mb: 「%1」は 1〜1048576 のメガバイト数ではありません</translation>
    </message>
    <message>
        <source>--remote-write-token-file and --remote-write-basic-auth-file: give one way to authenticate</source>
        <translation>--remote-write-token-file と --remote-write-basic-auth-file: 認証方法は一つだけ指定してください</translation>
    </message>
    <message>
        <source>--remote-write-basic-auth-file: the file must hold user:password</source>
        <translation>--remote-write-basic-auth-file: ファイルには user:password を書いてください</translation>
    </message>
    <message>
        <source>--remote-write-ca: cannot read %1</source>
        <translation>--remote-write-ca: %1 を読めません</translation>
    </message>
    <message>
        <source>Send the telemetry on to this Prometheus remote-write endpoint (Prometheus, VictoriaMetrics, Mimir…), under DCGM&apos;s metric names and dcgm-exporter&apos;s labels.</source>
        <translation>テレメトリをこの Prometheus remote-write エンドポイント(Prometheus、VictoriaMetrics、Mimir など)へ DCGM のメトリクス名と dcgm-exporter のラベルで送ります。</translation>
    </message>
    <message>
        <source>Seconds between sends of every series, like a scrape interval (default 15).</source>
        <translation>全系列を送る間隔の秒数(スクレイプ間隔と同様、既定 15)。</translation>
    </message>
    <message>
        <source>Keep what the endpoint cannot take yet in this folder (kept across restarts).</source>
        <translation>エンドポイントがまだ受け取れないデータをこのフォルダに保持します(再起動後も残ります)。</translation>
    </message>
    <message>
        <source>At most this much waits for the endpoint; beyond it the oldest is dropped and reported as a gap (default 256).</source>
        <translation>エンドポイント待ちはこの量まで。超えると最も古いものを捨て、欠落として報告します(既定 256)。</translation>
    </message>
    <message>
        <source>The remote-write endpoint&apos;s bearer token, from this file.</source>
        <translation>remote-write エンドポイントのベアラートークン(このファイルから)。</translation>
    </message>
    <message>
        <source>The remote-write endpoint&apos;s user:password, from this file.</source>
        <translation>remote-write エンドポイントの user:password(このファイルから)。</translation>
    </message>
    <message>
        <source>The CA (PEM) the remote-write endpoint&apos;s certificate must chain to.</source>
        <translation>remote-write エンドポイントの証明書が連なるべき CA(PEM)。</translation>
    </message>
    <message>
        <source>The simulated cluster is this pod of a larger one: its halls, racks, nodes and jobs named NAME-…, its GPUs its own (for an aggregator&apos;s --upstream).</source>
        <translation>シミュレーションのクラスターを大きなクラスターの一ポッドとする：ホール、ラック、ノード、ジョブの名前は NAME-…、GPU は固有（集約ゲートウェイの --upstream 用）。</translation>
    </message>
    <message>
        <source>The cluster label of every series (default: the topology&apos;s cluster name).</source>
        <translation>すべての系列の cluster ラベル（既定：トポロジーのクラスター名）。</translation>
    </message>
    <message>
        <source>The job label of the GPUs&apos; and nodes&apos; series, as a scrape job would name them (default dcgm-exporter).</source>
        <translation>GPU とノードの系列の job ラベル。スクレイプジョブが付ける名前と同じ（既定 dcgm-exporter）。</translation>
    </message>
    <message>
        <source>The simulated cluster&apos;s first instant (2026-11-02, 2026-11-02T06:00). Default: now, when --speed is 1; otherwise 2026-11-02.</source>
        <translation>シミュレーションするクラスターの最初の時刻（2026-11-02、2026-11-02T06:00）。既定：--speed が 1 なら現在、それ以外は 2026-11-02。</translation>
    </message>
    <message>
        <source>Push the alarms to this Alertmanager (its URL; repeatable): firing ones every round, cleared ones as resolved.</source>
        <translation>アラームをこの Alertmanager に送る（URL、複数指定可）：発報中のものは毎回、解除されたものは解決済みとして。</translation>
    </message>
    <message>
        <source>Send each change of the alarms to this Alertmanager-compatible webhook (payload version 4; repeatable).</source>
        <translation>アラームの変化ごとにこの Alertmanager 互換 Webhook へ送る（ペイロード バージョン 4、複数指定可）。</translation>
    </message>
    <message>
        <source>Trigger, acknowledge and resolve an incident per alarm with PagerDuty&apos;s Events API v2: its URL, a comma, and the file holding the integration key.</source>
        <translation>PagerDuty の Events API v2 でアラームごとにインシデントを発生・確認・解決する：URL、カンマ、統合キーを含むファイル。</translation>
    </message>
    <message>
        <source>Seconds between rounds to those targets (default 15).</source>
        <translation>これらの送信先への送信間隔（秒、既定 15）。</translation>
    </message>
    <message>
        <source>--alarms-out-interval: &apos;%1&apos; is not a number of seconds from 1 to 3600</source>
        <translation>--alarms-out-interval: 「%1」は 1〜3600 の秒数ではありません</translation>
    </message>
    <message>
        <source>--pagerduty wants URL,KEYFILE (the events URL and the file holding the integration key), not &apos;%1&apos;</source>
        <translation>--pagerduty には URL,KEYFILE（イベント URL と統合キーを含むファイル）を指定してください。「%1」は不可</translation>
    </message>
    <message>
        <source>Annotate this Grafana with job crashes, restarts, rollbacks and incidents (a region from crash to restart).</source>
        <translation>この Grafana にジョブのクラッシュ、再起動、ロールバック、インシデント（クラッシュから再起動までの範囲）を注釈として書き込む。</translation>
    </message>
    <message>
        <source>Grafana&apos;s service account token, from this file.</source>
        <translation>Grafana のサービスアカウントトークン（このファイルから）。</translation>
    </message>
    <message>
        <source>Put the annotations on this dashboard only (its UID).</source>
        <translation>注釈をこのダッシュボード（UID）にだけ付ける。</translation>
    </message>
</context>
<context>
    <name>GpuDescription</name>
    <message>
        <source>GPU %1 of %2</source>
        <translation>%2 の GPU %1</translation>
    </message>
    <message>
        <source>Rack %1, %2</source>
        <translation>ラック %1、%2</translation>
    </message>
    <message>
        <source>Job %1 (%2)</source>
        <translation>ジョブ %1（%2）</translation>
    </message>
    <message>
        <source>No job (idle)</source>
        <translation>ジョブなし（アイドル）</translation>
    </message>
    <message>
        <source>Temperature %1 · HBM %2</source>
        <translation>温度 %1 · HBM %2</translation>
    </message>
    <message>
        <source>Power %1 · Utilisation %2</source>
        <translation>電力 %1 · 使用率 %2</translation>
    </message>
    <message>
        <source>Memory used %1 of %2</source>
        <translation>メモリ使用量 %1 / %2</translation>
    </message>
</context>
<context>
    <name>Overlay</name>
    <message>
        <source>GPU temperature</source>
        <translation>GPU 温度</translation>
    </message>
    <message>
        <source>GPU power</source>
        <translation>GPU 電力</translation>
    </message>
    <message>
        <source>PDU load of rating</source>
        <translation>PDU 負荷（定格比）</translation>
    </message>
    <message>
        <source>HBM temperature</source>
        <translation>HBM 温度</translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation>使用率</translation>
    </message>
    <message>
        <source>Memory used</source>
        <translation>メモリ使用量</translation>
    </message>
    <message>
        <source>Inlet temperature</source>
        <translation>吸気温度</translation>
    </message>
    <message>
        <source>By job</source>
        <translation>ジョブ別</translation>
    </message>
    <message>
        <source>%1 vs rack median</source>
        <translation>%1（ラック中央値との差）</translation>
    </message>
    <message>
        <source>Alarms</source>
        <translation>アラーム</translation>
    </message>
    <message>
        <source>clear</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>Hardware errors</source>
        <translation>ハードウェアエラー</translation>
    </message>
    <message>
        <source>per hour</source>
        <translation>毎時</translation>
    </message>
    <message>
        <source>Throttling</source>
        <translation>スロットリング</translation>
    </message>
    <message>
        <source>not throttled</source>
        <translation>スロットリングなし</translation>
    </message>
    <message>
        <source>power capped</source>
        <translation>電力制限</translation>
    </message>
    <message>
        <source>thermal slowdown</source>
        <translation>熱による減速</translation>
    </message>
    <message>
        <source>Data age</source>
        <translation>データの経過時間</translation>
    </message>
    <message>
        <source>shelved or out of service</source>
        <translation>保留中または使用停止</translation>
    </message>
    <message>
        <source>acknowledged</source>
        <translation>確認済み</translation>
    </message>
    <message>
        <source>unacknowledged</source>
        <translation>未確認</translation>
    </message>
    <message>
        <source>unacknowledged, high or critical</source>
        <translation>未確認・高または緊急</translation>
    </message>
    <message>
        <source>Hardware failures</source>
        <translation>ハードウェア障害</translation>
    </message>
    <message>
        <source>failures</source>
        <translation>障害</translation>
    </message>
    <message>
        <source>the last 24 hours</source>
        <translation>直近 24 時間</translation>
    </message>
    <message>
        <source>the last 7 days</source>
        <translation>直近 7 日間</translation>
    </message>
    <message>
        <source>the last 30 days</source>
        <translation>直近 30 日間</translation>
    </message>
    <message>
        <source>the whole history</source>
        <translation>全期間</translation>
    </message>
    <message>
        <source>Lost GPU-hours</source>
        <translation>損失 GPU 時間</translation>
    </message>
    <message>
        <source>GPU-h</source>
        <translation>GPU時間</translation>
    </message>
    <message>
        <source>Hardware errors over a span</source>
        <translation>期間内のハードウェアエラー</translation>
    </message>
    <message>
        <source>errors</source>
        <translation>エラー</translation>
    </message>
    <message>
        <source>Alarms raised</source>
        <translation>発報されたアラーム</translation>
    </message>
    <message>
        <source>alarms</source>
        <translation>アラーム</translation>
    </message>
    <message>
        <source>Incidents</source>
        <translation>インシデント</translation>
    </message>
    <message>
        <source>incidents</source>
        <translation>インシデント</translation>
    </message>
    <message>
        <source>the timeline&apos;s selection</source>
        <translation>タイムラインの選択範囲</translation>
    </message>
    <message>
        <source>Slower than its peers</source>
        <translation>同じジョブの他の GPU より遅い</translation>
    </message>
    <message>
        <source>Next to fail (chance within 72 h)</source>
        <translation>次に故障しそうなもの（72 時間以内の確率）</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Save the incident bundle</source>
        <translation>インシデントバンドルを保存</translation>
    </message>
    <message>
        <source>Vigil recordings (*.vigil)</source>
        <translation>Vigil 記録 (*.vigil)</translation>
    </message>
    <message>
        <source>Writing the incident bundle…</source>
        <translation>インシデントバンドルを書き込み中…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Cannot export the bundle</source>
        <translation>バンドルをエクスポートできません</translation>
    </message>
    <message>
        <source>Incident bundle written</source>
        <translation>インシデントバンドルを書き込みました</translation>
    </message>
    <message>
        <source>%1
%2 frames and %3 events, ready to hand over.</source>
        <translation>%1
%2 フレームと %3 件のイベント。引き渡しの準備ができました。</translation>
    </message>
</context>
<context>
    <name>RecordingActions</name>
    <message>
        <source>Open a recording</source>
        <translation>記録を開く</translation>
    </message>
    <message>
        <source>Vigil recordings (*.vigil *.sqlite);;All files (*)</source>
        <translation>Vigil 記録 (*.vigil *.sqlite);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Import an event history</source>
        <translation>イベント履歴を取り込む</translation>
    </message>
    <message>
        <source>Event histories (*.csv *.jsonl *.json);;All files (*)</source>
        <translation>イベント履歴 (*.csv *.jsonl *.json);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Import event history</source>
        <translation>イベント履歴の取り込み</translation>
    </message>
    <message>
        <source>%1 lines read: %2 events imported, %3 already in the recording, %4 lines refused.</source>
        <translation>%1 行を読み込み: %2 件のイベントをインポート、%3 件は記録に既存、%4 行は拒否しました。</translation>
    </message>
    <message>
        <source>Bookmark</source>
        <translation>ブックマーク</translation>
    </message>
    <message>
        <source>A note for %1 UTC:</source>
        <translation>%1 UTC のメモ:</translation>
    </message>
    <message>
        <source>Cannot store the bookmark</source>
        <translation>ブックマークを保存できません</translation>
    </message>
    <message>
        <source>Report on a recording</source>
        <translation>記録のレポート</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>%1 を取り込んでいます…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Bookmark stored and shared with the NOC.</source>
        <translation>ブックマークを保存し、NOC と共有しました。</translation>
    </message>
    <message>
        <source>Bookmark stored in the recording; not shared with the NOC: %1</source>
        <translation>ブックマークを記録に保存しました。NOC とは共有されていません: %1</translation>
    </message>
</context>
<context>
    <name>Remedy</name>
    <message>
        <source>Keep watching</source>
        <translation>監視を続ける</translation>
    </message>
    <message>
        <source>Hand back to the job&apos;s owner</source>
        <translation>ジョブの所有者に戻す</translation>
    </message>
    <message>
        <source>Run the diagnostic</source>
        <translation>診断を実行</translation>
    </message>
    <message>
        <source>Reset the GPU</source>
        <translation>GPU をリセット</translation>
    </message>
    <message>
        <source>Reboot the node</source>
        <translation>ノードを再起動</translation>
    </message>
    <message>
        <source>Reseat it</source>
        <translation>差し直す</translation>
    </message>
    <message>
        <source>Replace it (RMA)</source>
        <translation>交換する (RMA)</translation>
    </message>
    <message>
        <source>Check the cooling</source>
        <translation>冷却を確認</translation>
    </message>
    <message>
        <source>Check the power</source>
        <translation>電源を確認</translation>
    </message>
    <message>
        <source>Check the network link</source>
        <translation>ネットワークリンクを確認</translation>
    </message>
    <message>
        <source>Unknown remedy</source>
        <translation>不明な対処</translation>
    </message>
    <message>
        <source>Nothing to do on %1 yet: keep watching</source>
        <translation>%1 にはまだ対処不要: 監視を続ける</translation>
    </message>
    <message>
        <source>Drain %1 now, then: %2</source>
        <translation>%1 を今すぐドレインし、その後: %2</translation>
    </message>
    <message>
        <source>NVIDIA&apos;s action for Xid %1</source>
        <translation>Xid %1 に対する NVIDIA の対処</translation>
    </message>
    <message>
        <source>it failed again soon after a repair: the repair did not hold</source>
        <translation>修理直後に再び故障: 修理が効いていない</translation>
    </message>
    <message>
        <source>the site&apos;s policy for code %1</source>
        <translation>コード %1 に対するサイトのポリシー</translation>
    </message>
    <message>
        <source>its telemetry went silent, as GPUs do before they fall off the bus</source>
        <translation>バスから外れる前の GPU のようにテレメトリが途絶えた</translation>
    </message>
    <message>
        <source>slower than its peers, for a cause the readings do not show</source>
        <translation>計測値に表れない原因でピアより遅い</translation>
    </message>
    <message>
        <source>Hand back to the owner of the job on %1: the program&apos;s fault, not the part&apos;s</source>
        <translation>%1 上のジョブの所有者に戻す: 部品ではなくプログラムの不具合</translation>
    </message>
    <message>
        <source>%1 on %2, without draining it</source>
        <translation>%2 で %1 (ドレインは不要)</translation>
    </message>
    <message>
        <source>it warned of: %1</source>
        <translation>警告の内容: %1</translation>
    </message>
    <message>
        <source>link %1: no bit NVIDIA&apos;s workflow acts on</source>
        <translation>リンク %1: NVIDIA の手順が対象とするビットなし</translation>
    </message>
    <message>
        <source>correctable errors past their threshold, nothing lost</source>
        <translation>訂正可能エラーがしきい値を超過、損失なし</translation>
    </message>
    <message>
        <source>a secondary error: the cause is another Xid or the link&apos;s other end</source>
        <translation>二次的なエラー: 原因は別の Xid かリンクの相手側</translation>
    </message>
    <message>
        <source>an error worth a report if it repeats</source>
        <translation>繰り返す場合は報告すべきエラー</translation>
    </message>
    <message>
        <source>an error NVIDIA&apos;s workflow does not expect: for the vendor</source>
        <translation>NVIDIA の手順が想定しないエラー: ベンダーへ</translation>
    </message>
    <message>
        <source>an ECC or parity error in the link&apos;s hardware</source>
        <translation>リンクのハードウェアの ECC またはパリティエラー</translation>
    </message>
    <message>
        <source>a marginal signal on the link</source>
        <translation>リンクの信号品質が限界</translation>
    </message>
    <message>
        <source>the link&apos;s mechanical connection</source>
        <translation>リンクの機械的な接続</translation>
    </message>
    <message>
        <source>link %1: %2 (register %3, bit %4)</source>
        <translation>リンク %1: %2 (レジスタ %3、ビット %4)</translation>
    </message>
    <message>
        <source>NVIDIA&apos;s NVLink workflow: %1</source>
        <translation>NVIDIA の NVLink 手順: %1</translation>
    </message>
    <message>
        <source>%1, drain now</source>
        <translation>%1、今すぐドレイン</translation>
    </message>
    <message>
        <source>its PCIe link trained down, and its job waits for it</source>
        <translation>PCIe リンクの速度が低下し、ジョブがその転送を待っています</translation>
    </message>
    <message>
        <source>one of its NVLinks went quiet, and its job waits for it</source>
        <translation>NVLink の一本が通信しなくなり、ジョブがこの GPU を待っている</translation>
    </message>
</context>
<context>
    <name>ReportRenderer</name>
    <message>
        <source>Vigil maintenance-debt report · page %1 of %2</source>
        <translation>Vigil 保守負債レポート · %1 / %2 ページ</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>new this period</source>
        <translation>この期間に新たに発生</translation>
    </message>
    <message>
        <source>as before</source>
        <translation>前期と同じ</translation>
    </message>
    <message>
        <source>%1 %2 % vs previous %3</source>
        <translation>%1 前期比 %2 % %3</translation>
    </message>
    <message>
        <source>(worse)</source>
        <translation>(悪化)</translation>
    </message>
    <message>
        <source>(better)</source>
        <translation>(改善)</translation>
    </message>
    <message>
        <source>Maintenance-debt report</source>
        <translation>保守負債レポート</translation>
    </message>
    <message>
        <source>%1 · %2 to %3 (UTC)</source>
        <translation>%1 · %2 〜 %3 (UTC)</translation>
    </message>
    <message>
        <source>Nothing happened in this period: no disruptions, no manual actions, no open warnings.</source>
        <translation>この期間には何も起きていません: 中断なし、手動対応なし、未対応の警告なし。</translation>
    </message>
    <message>
        <source>GPU-hours lost</source>
        <translation>失われた GPU 時間</translation>
    </message>
    <message>
        <source>What they cost</source>
        <translation>そのコスト</translation>
    </message>
    <message>
        <source>Disruptions</source>
        <translation>中断</translation>
    </message>
    <message>
        <source>Effective training time (ETTR)</source>
        <translation>実効学習時間率 (ETTR)</translation>
    </message>
    <message>
        <source>Preventable share</source>
        <translation>予防可能な割合</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 operator-hours</source>
        <translation>作業 %1 時間</translation>
    </message>
    <message>
        <source>Where the GPU-hours went</source>
        <translation>GPU 時間の行き先</translation>
    </message>
    <message>
        <source>Lost GPU-hours by cause</source>
        <translation>原因別の損失 GPU 時間</translation>
    </message>
    <message>
        <source>GPU-h</source>
        <translation>GPU 時間</translation>
    </message>
    <message>
        <source>By rack</source>
        <translation>ラック別</translation>
    </message>
    <message>
        <source>By PDU</source>
        <translation>PDU 別</translation>
    </message>
    <message>
        <source>By cooling loop</source>
        <translation>冷却ループ別</translation>
    </message>
    <message>
        <source>The ten costliest incidents</source>
        <translation>最もコストの大きいインシデント 10 件</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>はい</translation>
    </message>
    <message>
        <source>no</source>
        <translation>いいえ</translation>
    </message>
    <message>
        <source>No incidents in this period.</source>
        <translation>この期間にインシデントはありません。</translation>
    </message>
    <message>
        <source>Time (UTC)</source>
        <translation>時刻 (UTC)</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>ジョブ</translation>
    </message>
    <message>
        <source>What happened</source>
        <translation>経緯</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>コスト</translation>
    </message>
    <message>
        <source>Preventable</source>
        <translation>予防可能</translation>
    </message>
    <message>
        <source>Grit: what it took by hand</source>
        <translation>根性: 手作業にかかったもの</translation>
    </message>
    <message>
        <source>Job restarted again and again</source>
        <translation>再起動を繰り返したジョブ</translation>
    </message>
    <message>
        <source>GPU-h lost</source>
        <translation>損失 GPU 時間</translation>
    </message>
    <message>
        <source>Threshold changed</source>
        <translation>しきい値の変更</translation>
    </message>
    <message>
        <source>By</source>
        <translation>実施者</translation>
    </message>
    <message>
        <source>On</source>
        <translation>対象</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>理由</translation>
    </message>
    <message>
        <source>Maintenance debt</source>
        <translation>保守負債</translation>
    </message>
    <message>
        <source>under a day</source>
        <translation>1 日未満</translation>
    </message>
    <message>
        <source>1 to 3 days</source>
        <translation>1〜3 日</translation>
    </message>
    <message>
        <source>3 to 7 days</source>
        <translation>3〜7 日</translation>
    </message>
    <message>
        <source>a week or more</source>
        <translation>1 週間以上</translation>
    </message>
    <message>
        <source>Open warnings, open for</source>
        <translation>未対応の警告 (経過期間)</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告数</translation>
    </message>
    <message>
        <source>Expected cost a day</source>
        <translation>1 日あたりの予想コスト</translation>
    </message>
    <message>
        <source>Xid %1</source>
        <translation>Xid %1</translation>
    </message>
    <message>
        <source>nobody</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>The oldest amber lights</source>
        <translation>最も古い黄色ランプ</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Open for</source>
        <translation>経過</translation>
    </message>
    <message>
        <source>Acknowledged by</source>
        <translation>確認者</translation>
    </message>
    <message>
        <source>Cost a day</source>
        <translation>1 日のコスト</translation>
    </message>
    <message>
        <source>Lemons: failed again and again</source>
        <translation>問題児: 障害を繰り返すもの</translation>
    </message>
    <message>
        <source>Incidents caused</source>
        <translation>原因となったインシデント</translation>
    </message>
    <message numerus="yes">
        <source>Trends over the last %n period(s)</source>
        <translation>
            <numerusform>直近 %n 期間の推移</numerusform>
        </translation>
    </message>
    <message>
        <source>Lost GPU-hours</source>
        <translation>損失 GPU 時間</translation>
    </message>
    <message>
        <source>Mean time between failures (h)</source>
        <translation>平均故障間隔 (時間)</translation>
    </message>
    <message>
        <source>Fix first</source>
        <translation>最優先で直すもの</translation>
    </message>
    <message numerus="yes">
        <source>caused %n incident(s)</source>
        <translation>
            <numerusform>インシデント %n 件の原因</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing stands out.</source>
        <translation>特に目立つものはありません。</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>What</source>
        <translation>対象</translation>
    </message>
    <message>
        <source>Alarm load: %1 alarms per 10 minutes per operator on average, %2 in the busiest 10 minutes (ISA-18.2: about 1 is manageable, more than 10 is a flood).</source>
        <translation>アラーム負荷: オペレーター 1 人あたり 10 分に平均 %1 件、最多の 10 分間で %2 件 (ISA-18.2: 約 1 件なら対応可能、10 件超は洪水)。</translation>
    </message>
    <message>
        <source>%1: cannot be written</source>
        <translation>%1: 書き込めません</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>未計測</translation>
    </message>
    <message>
        <source>%1 slower, %2 GPU-h</source>
        <translation>%1 低下、%2 GPU 時間</translation>
    </message>
    <message>
        <source>no slower</source>
        <translation>低下なし</translation>
    </message>
    <message>
        <source>Throughput it cost</source>
        <translation>失われたスループット</translation>
    </message>
    <message>
        <source>Only this period is recorded: the trends begin with it.</source>
        <translation>記録があるのはこの期間のみです。推移はここから始まります。</translation>
    </message>
    <message>
        <source>Fleet reliability: every hardware failure, job or no job</source>
        <translation>フリートの信頼性: ジョブの有無を問わないすべてのハードウェア障害</translation>
    </message>
    <message>
        <source>Racks with the most failures</source>
        <translation>障害の多いラック</translation>
    </message>
    <message>
        <source>Position in the rack (slot 0: the bottom)</source>
        <translation>ラック内の位置 (スロット 0: 最下段)</translation>
    </message>
    <message>
        <source>Failures</source>
        <translation>障害</translation>
    </message>
    <message>
        <source>Per 1,000 GPU-days</source>
        <translation>1,000 GPU日あたり</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>Period</source>
        <translation>期間</translation>
    </message>
    <message numerus="yes">
        <source>%Ln hardware failure(s) in the fleet, whether or not a job ran there: %1 per 1,000 GPU-days.</source>
        <translation>
            <numerusform>フリート全体のハードウェア障害 %Ln 件 (ジョブの有無を問わず): 1,000 GPU日あたり %1。</numerusform>
        </translation>
    </message>
    <message>
        <source>Hands-on actions (at night)</source>
        <translation>手作業の対応（夜間）</translation>
    </message>
    <message numerus="yes">
        <source>%Ln hands-on action(s) (drains, restarts by hand, hot-patches, thresholds changed), %1 of them at night (%2); %3 acknowledgements, shelves and notes besides; %4 operator-hours in all; %5 answered a failure.</source>
        <translation>
            <numerusform>手作業の対応 %Ln 件（ドレイン、手動再起動、ホットパッチ、しきい値変更）、うち夜間 %1 件（%2）。ほかに確認・保留・メモ %3 件。作業時間は合計 %4 時間。障害への対応は %5 件。</numerusform>
        </translation>
    </message>
    <message>
        <source>Slow degradation: jobs slower than their own healthy pace</source>
        <translation>緩やかな劣化：本来の健全なペースより遅いジョブ</translation>
    </message>
    <message>
        <source>%1 GPU-hours (%2) went to steps that took longer than the job&apos;s healthy pace (the median of the faster half of its hours over the week before): GPUs × the time beyond it. No alarm stops a job for this, so nobody answers it.</source>
        <translation>%1 GPU時間（%2）が、ジョブの健全なペース（前の1週間のうち速い半分の時間帯の中央値）より長くかかったステップに費やされました：GPU数 × 超過時間。これでジョブを止めるアラームはないため、誰も対応しません。</translation>
    </message>
    <message>
        <source>no warning began with it</source>
        <translation>同時に始まった警告なし</translation>
    </message>
    <message>
        <source>%1, changed by hand</source>
        <translation>%1（手動で変更）</translation>
    </message>
    <message>
        <source>%1 → %2 s</source>
        <translation>%1 → %2 秒</translation>
    </message>
    <message>
        <source>Began (UTC)</source>
        <translation>開始（UTC）</translation>
    </message>
    <message>
        <source>Hours</source>
        <translation>時間</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>ステップ時間</translation>
    </message>
    <message>
        <source>Began with</source>
        <translation>同時に始まったもの</translation>
    </message>
    <message>
        <source>began as a job slowed, still slow: %1 a day</source>
        <translation>ジョブの速度低下とともに発生、現在も低速：1日 %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more like it</source>
        <translation>
            <numerusform>%1 ほか同種 %n 件</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 each (%2 in all)</source>
        <translation>各 %1（合計 %2）</translation>
    </message>
    <message>
        <source>The recording holds no record of the period before, so nothing is compared with it.</source>
        <translation>記録に前の期間が含まれていないため、比較はしていません。</translation>
    </message>
    <message numerus="yes">
        <source>%Ln failure(s) on %1 GPUs over %2 GPU-days: %3 per 1,000 GPU-days; one GPU&apos;s mean time between failures is %4 hours.</source>
        <translation>
            <numerusform>%1 基の GPU で %2 GPU日の間に %Ln 件の障害: 1,000 GPU日あたり %3、GPU 1 基の平均故障間隔は %4 時間です。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln failure(s)</source>
        <translation>
            <numerusform>%Ln 件</numerusform>
        </translation>
    </message>
    <message>
        <source>Trends</source>
        <translation>推移</translation>
    </message>
    <message>
        <source>%1 (+%2 not named)</source>
        <translation>%1(+ 不明 %2)</translation>
    </message>
    <message>
        <source>Lemon positions: slots that kill whatever is put in them</source>
        <translation>問題スロット: 何を挿しても故障するスロット</translation>
    </message>
    <message>
        <source>Parts</source>
        <translation>部品</translation>
    </message>
    <message>
        <source>%1 (last in %2)</source>
        <translation>%1(最後は %2)</translation>
    </message>
    <message>
        <source>Lemon parts: parts that fail wherever they go</source>
        <translation>問題部品: どこに挿しても故障する部品</translation>
    </message>
    <message>
        <source>Slots</source>
        <translation>スロット</translation>
    </message>
    <message>
        <source>Does the forecast hold? The backtest</source>
        <translation>予測は当たったか：バックテスト</translation>
    </message>
    <message>
        <source>The recording holds no history before this period, so this tests the documented priors alone: what they would have predicted of the period&apos;s warnings, and what came.</source>
        <translation>記録にはこの期間より前の履歴がないため、文書化された事前分布だけを検証します。それがこの期間の警告から何を予測したか、そして実際に何が起きたか。</translation>
    </message>
    <message>
        <source>The hazard model, fitted on %1 days before the period only, predicted the period&apos;s failures from its warnings; here is what came.</source>
        <translation>期間前の %1 日間だけで推定したハザードモデルが、この期間の警告から障害を予測しました。実際に起きたことを並べます。</translation>
    </message>
    <message>
        <source>No warnings in this period to test the forecast on.</source>
        <translation>この期間には予測を検証できる警告がありません。</translation>
    </message>
    <message>
        <source>All, each failure once</source>
        <translation>合計（各障害は一度だけ）</translation>
    </message>
    <message>
        <source>Chance, %</source>
        <translation>確率 (%)</translation>
    </message>
    <message>
        <source>Windows</source>
        <translation>窓</translation>
    </message>
    <message>
        <source>Failures predicted</source>
        <translation>予測した障害</translation>
    </message>
    <message>
        <source>came</source>
        <translation>実際</translation>
    </message>
    <message>
        <source>GPU-h predicted</source>
        <translation>予測した GPU 時間</translation>
    </message>
    <message>
        <source>Brier score %1 (0 is perfect), against %2 for one chance for every warning. A row whose failures came far from its prediction is a forecast that did not hold.</source>
        <translation>ブライアスコア %1（0 が完全）、すべての警告に同じ確率を与えた場合は %2。障害数が予測から大きく外れた行は、当たらなかった予測です。</translation>
    </message>
    <message>
        <source>From the recording %1, at %2 per GPU-hour; a failure counts as preventable when its cause warned %3 h before, with a kind of warning followed by a failure within 72 h at least %4 % of the time, and was not drained.</source>
        <translation>記録 %1 より、GPU 時間あたり %2 で算出。原因が %3 時間前に、72 時間以内に障害が続く割合が %4 % 以上の種類の警告を出し、かつドレインされなかった場合、その障害を防止可能とみなします。</translation>
    </message>
    <message>
        <source>The recording covers %1 of the period before and %2 of this one: too little to compare them.</source>
        <translation>記録は前の期間の %1、この期間の %2 しか含まないため、比較できません。</translation>
    </message>
    <message>
        <source>%1, open: %2 % chance of a failure within 72 h (%3–%4 %, %5 cases); %6 if it fails</source>
        <translation>%1、未対応：72 時間以内の障害確率 %2 %（%3–%4 %、%5 件）。障害時の損失 %6</translation>
    </message>
    <message>
        <source>Expected saving</source>
        <translation>期待される節約額</translation>
    </message>
    <message>
        <source>An open warning saves its chance of failing within 72 hours times what that failure would cost; a part that keeps failing or a slowdown still under way saves what it cost in a period.</source>
        <translation>未対応の警告の節約額は、72 時間以内に障害となる確率 × その障害の損失です。繰り返し故障する部品や続いている速度低下は、1 期間に生じた損失を節約します。</translation>
    </message>
    <message>
        <source>Open warnings of a kind worth acting on are expected to cost %1 a day if left as they are.</source>
        <translation>対応する価値のある種類の未対応の警告は、このまま放置すると 1 日あたり %1 のコストが見込まれます。</translation>
    </message>
    <message>
        <source>Stragglers: GPUs slower than their job&apos;s peers</source>
        <translation>ストラグラー：同じジョブの他の GPU より遅い GPU</translation>
    </message>
    <message>
        <source>A synchronous job runs at its slowest GPU&apos;s pace. %1 GPU-hours (%2) went to waiting for these, measured against their peers in the same job (not in the headline, which prices a job against its own pace).</source>
        <translation>同期ジョブは最も遅い GPU のペースで進みます。これらを待つために %1 GPU 時間（%2）が費やされました。同じジョブの他の GPU と比べた値です（ジョブ自身のペースで評価する冒頭の数値には含まれません）。</translation>
    </message>
    <message>
        <source>%1 % (job of %2 GPUs)</source>
        <translation>%1 %（%2 GPU のジョブ）</translation>
    </message>
    <message>
        <source>Slow</source>
        <translation>遅い対象</translation>
    </message>
    <message>
        <source>Slower by</source>
        <translation>遅れ</translation>
    </message>
    <message>
        <source>Next to fail</source>
        <translation>次に故障しそうなもの</translation>
    </message>
    <message>
        <source>No open warning puts a part at risk.</source>
        <translation>部品を危険にさらす未対応の警告はありません。</translation>
    </message>
    <message>
        <source>%1 (%2–%3)</source>
        <translation>%1（%2–%3）</translation>
    </message>
    <message>
        <source>Part</source>
        <translation>部品</translation>
    </message>
    <message>
        <source>Its likeliest warning</source>
        <translation>最も可能性の高い警告</translation>
    </message>
    <message>
        <source>Warning for</source>
        <translation>警告の継続時間</translation>
    </message>
    <message>
        <source>Fails within 72 h (90 %)</source>
        <translation>72 時間以内の故障（90 %）</translation>
    </message>
    <message>
        <source>Cases</source>
        <translation>事例数</translation>
    </message>
    <message>
        <source>GPUs at risk</source>
        <translation>リスクのある GPU</translation>
    </message>
    <message>
        <source>The same list over this period, made every %1 h from what was known then (the model fitted on the history before): %2 of %3 entries failed within 72 h (%4).</source>
        <translation>この期間の同じリスト（%1 時間ごとに、その時点で分かっていたことから作成。モデルはそれ以前の履歴で学習）：%3 件中 %2 件が 72 時間以内に故障（%4）。</translation>
    </message>
    <message>
        <source>None of the period&apos;s %1 failures was on a list before it failed.</source>
        <translation>期間中の故障 %1 件のうち、故障前にリストに載っていたものはありません。</translation>
    </message>
    <message>
        <source>%1 of the period&apos;s %2 failures were on a list before they failed, first named a median of %3 h before.</source>
        <translation>期間中の故障 %2 件のうち %1 件は故障前にリストに載っており、最初に挙がったのは中央値で %3 時間前。</translation>
    </message>
    <message>
        <source>Recommended</source>
        <translation>推奨</translation>
    </message>
    <message>
        <source>None of these warnings makes its part likelier to fail than any part of its kind (each interval reaches down to its kind&apos;s base rate): they are listed by chance, not as work to do first.</source>
        <translation>これらの警告はいずれも、その部品を同種の他の部品より故障しやすくするものではありません（各区間が同種の基準率まで下がります）。確率順に並べたもので、優先すべき作業ではありません。</translation>
    </message>
    <message numerus="yes">
        <source>%n of these stand(s) above the base rate of its kind (marked •); the rest are listed by chance.</source>
        <translation>
            <numerusform>このうち %n 件が同種の基準率を上回っています（• 印）。残りは確率順に並べています。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>StaleMark</name>
    <message>
        <source>%1 · stale</source>
        <translation>%1 · 古いデータ</translation>
    </message>
</context>
<context>
    <name>Tr</name>
    <message>
        <source>%1 %2: %3</source>
        <translation>%1 %2: %3</translation>
    </message>
    <message>
        <source>%1 %2: not a PEM file</source>
        <translation>%1 %2: PEM ファイルではありません</translation>
    </message>
</context>
<context>
    <name>TsdbHistory</name>
    <message>
        <source>Open history from Prometheus</source>
        <translation>Prometheus から履歴を開く</translation>
    </message>
    <message>
        <source>A span this dashboard never recorded, read from the Prometheus-compatible database the gateways remote-write to (Prometheus, VictoriaMetrics, Thanos).</source>
        <translation>このダッシュボードが記録していない期間を、ゲートウェイが remote-write する Prometheus 互換データベース（Prometheus、VictoriaMetrics、Thanos）から読み込みます。</translation>
    </message>
    <message>
        <source>Query &amp;API:</source>
        <translation>クエリ &amp;API:</translation>
    </message>
    <message>
        <source>&amp;From:</source>
        <translation>開始(&amp;F):</translation>
    </message>
    <message>
        <source>&amp;To:</source>
        <translation>終了(&amp;T):</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Seconds between the frames read: a month at 60 s is 43,200 frames.</source>
        <translation>読み込むフレームの間隔（秒）：60 秒で 1 か月は 43,200 フレームです。</translation>
    </message>
    <message>
        <source>&amp;Step:</source>
        <translation>間隔(&amp;S):</translation>
    </message>
    <message>
        <source>Hostname, else instance</source>
        <translation>Hostname、なければ instance</translation>
    </message>
    <message>
        <source>&amp;Node label:</source>
        <translation>ノードのラベル(&amp;N):</translation>
    </message>
    <message>
        <source>Reading %1 to %2 UTC from %3…</source>
        <translation>%3 から %1〜%2 UTC を読み込み中…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Cannot read the history</source>
        <translation>履歴を読み込めません</translation>
    </message>
    <message>
        <source>History read in part</source>
        <translation>履歴の一部のみ読み込みました</translation>
    </message>
    <message>
        <source>History read without the NOC&apos;s bookmarks</source>
        <translation>NOC のブックマークなしで履歴を読み込みました</translation>
    </message>
</context>
<context>
    <name>VigilReport</name>
    <message>
        <source>The maintenance-debt report of a recording: lost GPU-hours and what they cost, where they went, the manual work, the warnings left open.</source>
        <translation>記録の保守負債レポート: 失われた GPU 時間とそのコスト、その行き先、手作業、放置された警告。</translation>
    </message>
    <message>
        <source>The recording to report on.</source>
        <translation>レポート対象の記録。</translation>
    </message>
    <message>
        <source>Start of the period (ISO date or date and time, UTC).</source>
        <translation>期間の開始 (ISO 形式の日付または日時、UTC)。</translation>
    </message>
    <message>
        <source>End of the period (default: the end of the recording).</source>
        <translation>期間の終了 (既定: 記録の終わり)。</translation>
    </message>
    <message>
        <source>Length of the period when --from is not given: 7d, 30d, 36h (default 7d).</source>
        <translation>--from を指定しない場合の期間の長さ: 7d、30d、36h (既定 7d)。</translation>
    </message>
    <message>
        <source>USD per GPU-hour (default 2.50).</source>
        <translation>GPU 1 時間あたりの USD (既定 2.50)。</translation>
    </message>
    <message>
        <source>Hours a warning must have been visible for a failure to count as preventable (default 1).</source>
        <translation>障害を予防可能とみなすために警告が見えていた必要のある時間 (既定 1)。</translation>
    </message>
    <message>
        <source>--out PATH is needed</source>
        <translation>--out PATH が必要です</translation>
    </message>
    <message>
        <source>--price: &apos;%1&apos; is not a number</source>
        <translation>--price: &apos;%1&apos; は数値ではありません</translation>
    </message>
    <message>
        <source>--lead-time: &apos;%1&apos; is not a number of hours</source>
        <translation>--lead-time: &apos;%1&apos; は時間数ではありません</translation>
    </message>
    <message>
        <source>--from: &apos;%1&apos; is not a date (2026-11-02) or a date and time (2026-11-02T06:00)</source>
        <translation>--from: &apos;%1&apos; は日付 (2026-11-02) でも日時 (2026-11-02T06:00) でもありません</translation>
    </message>
    <message>
        <source>--to: &apos;%1&apos; is not a date (2026-11-09) or a date and time (2026-11-09T06:00)</source>
        <translation>--to: &apos;%1&apos; は日付 (2026-11-09) でも日時 (2026-11-09T06:00) でもありません</translation>
    </message>
    <message>
        <source>--period: &apos;%1&apos; is not a length like 7d, 30d or 36h</source>
        <translation>--period: &apos;%1&apos; は 7d、30d、36h のような長さではありません</translation>
    </message>
    <message>
        <source>the period ends (%1) before it begins (%2)</source>
        <translation>期間の終わり (%1) が始まり (%2) より前です</translation>
    </message>
    <message>
        <source>nothing happened in this period: no disruptions, no manual actions, no open warnings</source>
        <translation>この期間には何も起きていません: 中断なし、手動対応なし、未対応の警告なし</translation>
    </message>
    <message>
        <source>pdf (paged, with charts) or csv (one file per table); default pdf.</source>
        <translation>pdf (ページ付き、グラフ入り) または csv (表ごとに 1 ファイル)。既定は pdf。</translation>
    </message>
    <message>
        <source>Where to write: a file for pdf, a folder for csv.</source>
        <translation>出力先: pdf はファイル、csv はフォルダー。</translation>
    </message>
    <message>
        <source>Paper for pdf: a4 or letter (default a4).</source>
        <translation>pdf の用紙: a4 または letter (既定 a4)。</translation>
    </message>
    <message>
        <source>Language of the report: en, de or ja (default: the system&apos;s).</source>
        <translation>レポートの言語: en、de、ja (既定: システムの言語)。</translation>
    </message>
    <message>
        <source>--format: &apos;%1&apos; is not pdf or csv</source>
        <translation>--format: &apos;%1&apos; は pdf でも csv でもありません</translation>
    </message>
    <message>
        <source>--page: &apos;%1&apos; is not a4 or letter</source>
        <translation>--page: &apos;%1&apos; は a4 でも letter でもありません</translation>
    </message>
    <message>
        <source>--lang: &apos;%1&apos; is not a language</source>
        <translation>--lang: &apos;%1&apos; は言語ではありません</translation>
    </message>
    <message>
        <source>%1 disruptions, %2 GPU-hours lost ($%3), %4 % preventable, %5 hands-on actions and %6 acknowledgements, %7 open warnings</source>
        <translation>中断 %1 件、損失 %2 GPU時間（$%3）、防止可能 %4 %、手作業の対応 %5 件と確認 %6 件、未対応の警告 %7 件</translation>
    </message>
    <message>
        <source>Instead of --recording: read the period from this Prometheus-compatible query API (the DCGM series the gateways remote-write, or dcgm-exporter&apos;s scrapes).</source>
        <translation>--recording の代わりに、この Prometheus 互換クエリ API から期間を読み込む（ゲートウェイが remote-write した DCGM 系列、または dcgm-exporter のスクレイプ）。</translation>
    </message>
    <message>
        <source>With --from-prometheus: the event store&apos;s history for the period (CSV or JSON lines, as vigil-record --import takes).</source>
        <translation>--from-prometheus と併用：その期間のイベントストアの履歴（CSV または JSON Lines、vigil-record --import と同じ形式）。</translation>
    </message>
    <message>
        <source>With --from-prometheus: seconds between the instants read (default 60).</source>
        <translation>--from-prometheus と併用：読み込む時点の間隔（秒、既定 60）。</translation>
    </message>
    <message>
        <source>With --from-prometheus: the label that names the node (default Hostname, else instance).</source>
        <translation>--from-prometheus と併用：ノードを示すラベル（既定は Hostname、なければ instance）。</translation>
    </message>
    <message>
        <source>With --from-prometheus: the topology file that places the GPUs (default: laid out from the series&apos; labels).</source>
        <translation>--from-prometheus と併用：GPU の配置を示すトポロジーファイル（既定：系列のラベルから配置）。</translation>
    </message>
    <message>
        <source>--recording FILE or --from-prometheus URL is needed, one of them</source>
        <translation>--recording FILE か --from-prometheus URL のどちらか一方が必要です</translation>
    </message>
    <message>
        <source>--events goes with --from-prometheus (vigil-record --import adds events to a recording)</source>
        <translation>--events は --from-prometheus と併用します（記録にイベントを追加するには vigil-record --import）</translation>
    </message>
    <message>
        <source>%1 events from the event store, %2 refused</source>
        <translation>イベントストアから %1 件のイベント、%2 件を拒否</translation>
    </message>
    <message>
        <source>Instead of the report: put the hazard model behind its forecasts to the test. Fitted on the history before the period only, what it predicted of the period&apos;s warnings against what came, as CSV on standard output.</source>
        <translation>レポートの代わりに、予測の元になるハザードモデルを検証します。期間前の履歴だけで推定し、期間中の警告から予測したものと実際の結果を CSV で標準出力に書きます。</translation>
    </message>
    <message>
        <source>no history before %1: the forecast stood on the documented priors alone</source>
        <translation>%1 より前の履歴なし：予測は文書化された事前分布だけに基づきます</translation>
    </message>
    <message>
        <source>fitted on %1 – %2, tested on %2 – %3</source>
        <translation>推定 %1 – %2、検証 %2 – %3</translation>
    </message>
    <message>
        <source>predicted %1 failures (%2 GPU-hours), %3 came (%4 GPU-hours); Brier score %5, %6 for the base rate alone</source>
        <translation>予測 %1 件の障害（%2 GPU 時間）、実際 %3 件（%4 GPU 時間）。ブライアスコア %5、基準率のみでは %6</translation>
    </message>
    <message numerus="yes">
        <source>; %Ln hardware failure(s) in the fleet (%1 per 1,000 GPU-days)</source>
        <translation>
            <numerusform>、フリートのハードウェア障害 %Ln 件 (1,000 GPU日あたり %1)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Operations dashboard for GPU training clusters.</source>
        <translation>GPU 学習クラスタの運用ダッシュボード。</translation>
    </message>
    <message>
        <source>Gateway to subscribe to (default 127.0.0.1:50051).</source>
        <translation>購読するゲートウェイ（既定 127.0.0.1:50051）。</translation>
    </message>
    <message>
        <source>Start a gateway with a simulated cluster on 127.0.0.1 and connect to it.</source>
        <translation>127.0.0.1 でシミュレートしたクラスタのゲートウェイを起動して接続します。</translation>
    </message>
    <message>
        <source>User interface language (e.g. en, de, ja); default: the system&apos;s.</source>
        <translation>表示言語（例: en、de、ja）。既定はシステムの言語。</translation>
    </message>
    <message>
        <source>Save a screenshot of the window once data is live, then quit.</source>
        <translation>ライブデータが届いたらウィンドウのスクリーンショットを保存して終了します。</translation>
    </message>
    <message>
        <source>Vigil</source>
        <translation>Vigil</translation>
    </message>
    <message>
        <source>The demo gateway could not start: %1</source>
        <translation>デモ用ゲートウェイを起動できませんでした: %1</translation>
    </message>
    <message>
        <source>Vigil — demo cluster (%1)</source>
        <translation>Vigil — デモクラスタ（%1）</translation>
    </message>
    <message>
        <source>simulated, scenario %1, seed %2</source>
        <translation>シミュレーション、シナリオ %1、シード %2</translation>
    </message>
    <message>
        <source>vigil-gateway: serving %1 GPUs in %2 racks on %3 (epoch %4; %5)</source>
        <translation>vigil-gateway: %2 ラックの %1 GPU を %3 で提供中（エポック %4、%5）</translation>
    </message>
    <message>
        <source>bridges: %1</source>
        <translation>ブリッジ: %1</translation>
    </message>
    <message>
        <source>Seconds of live data before the screenshot (default 3).</source>
        <translation>スクリーンショットまでのライブデータの秒数（既定 3）。</translation>
    </message>
    <message>
        <source>%1 h of %2 in %3 s: %4 ticks, %5 samples, %6 events, %7 failures</source>
        <translation>%2 の %1 時間を %3 秒で生成: %4 ティック、%5 サンプル、%6 イベント、%7 障害</translation>
    </message>
    <message>
        <source>Do not serve: simulate this many hours as fast as possible and write them to --out, then exit.</source>
        <translation>提供せず、指定時間を可能な限り速くシミュレートして --out に書き出し、終了します。</translation>
    </message>
    <message>
        <source>With --generate: simulated seconds between samples (default 60).</source>
        <translation>--generate と併用: サンプル間のシミュレーション秒数（既定 60）。</translation>
    </message>
    <message>
        <source>Once connected, select and show this host, GPU UUID, rack or job.</source>
        <translation>接続後、このホスト・GPU UUID・ラック・ジョブを選択して表示します。</translation>
    </message>
    <message>
        <source>Start with this overlay: %1.</source>
        <translation>このオーバーレイで起動: %1。</translation>
    </message>
    <message>
        <source>Start as a full-screen wall display (F11 or Esc leaves it).</source>
        <translation>全画面のウォールディスプレイとして起動（F11 または Esc で終了）。</translation>
    </message>
    <message>
        <source>unknown overlay &apos;%1&apos;; one of: %2</source>
        <translation>不明なオーバーレイ &apos;%1&apos;。次のいずれか: %2</translation>
    </message>
    <message>
        <source>With --find: zoom until cells are this many pixels wide (default 18; 60 shows a node close up).</source>
        <translation>--find と併用: セルがこのピクセル幅になるまで拡大（既定 18、60 でノードを拡大表示）。</translation>
    </message>
    <message>
        <source>Open this recording and replay it.</source>
        <translation>この記録を開いて再生します。</translation>
    </message>
    <message>
        <source>With --replay: start at this instant (ISO date and time in UTC, or +H for H hours into the recording).</source>
        <translation>--replay と併用: この時点から開始します(UTC の ISO 日時、または記録開始から H 時間後を表す +H)。</translation>
    </message>
    <message>
        <source>Record the live stream into this file (default: a new file per session in the recordings folder).</source>
        <translation>ライブストリームをこのファイルに記録します(既定: 記録フォルダーにセッションごとの新規ファイル)。</translation>
    </message>
    <message>
        <source>Do not record the live stream.</source>
        <translation>ライブストリームを記録しません。</translation>
    </message>
    <message>
        <source>not recording: %1</source>
        <translation>記録していません: %1</translation>
    </message>
    <message>
        <source>Cannot open the recording: %1</source>
        <translation>記録を開けません: %1</translation>
    </message>
    <message>
        <source>--at: &apos;%1&apos; is not an ISO date and time or +hours</source>
        <translation>--at: &apos;%1&apos; は ISO 日時でも +時間 でもありません</translation>
    </message>
    <message>
        <source>With --generate: the prefix of the files to write (.frames, .topology.json, .truth.jsonl), or a flight recording FILE.vigil.</source>
        <translation>--generate と併用: 書き出すファイルの接頭辞(.frames、.topology.json、.truth.jsonl)、またはフライトレコーダー記録 FILE.vigil。</translation>
    </message>
    <message>
        <source>replaying %1 at %2×</source>
        <translation>%1 を %2× で再生中</translation>
    </message>
    <message>
        <source>%1 frames, %2 samples, %3 events, %4 MB%5</source>
        <translation>%1 フレーム、%2 サンプル、%3 イベント、%4 MB%5</translation>
    </message>
    <message>
        <source>, %1 frames lost</source>
        <translation>、%1 フレーム欠損</translation>
    </message>
    <message>
        <source>… and %1 more lines refused</source>
        <translation>… ほか %1 行を拒否</translation>
    </message>
    <message>
        <source>Records a gateway&apos;s telemetry and events into a Vigil recording.</source>
        <translation>ゲートウェイのテレメトリとイベントを Vigil 記録に保存します。</translation>
    </message>
    <message>
        <source>The recording to write (created, or appended to).</source>
        <translation>書き込む記録(新規作成または追記)。</translation>
    </message>
    <message>
        <source>Pause recording when the file reaches this many MB.</source>
        <translation>ファイルがこの MB に達したら記録を一時停止します。</translation>
    </message>
    <message>
        <source>Hours kept at full rate; older data keeps each minute&apos;s lowest and highest readings, and incidents stay whole (default 24).</source>
        <translation>フルレートで保持する時間。それより古いデータは 1 分ごとの最小値と最大値を保持し、インシデントは完全に残します(既定 24)。</translation>
    </message>
    <message>
        <source>Keep every frame, however old.</source>
        <translation>古さに関係なくすべてのフレームを保持します。</translation>
    </message>
    <message>
        <source>Print the recorder&apos;s figures every this many seconds.</source>
        <translation>レコーダーの数値をこの秒数ごとに表示します。</translation>
    </message>
    <message>
        <source>Do not record: import this event history (CSV or JSON lines) into --out, then exit.</source>
        <translation>記録せず、このイベント履歴(CSV または JSON Lines)を --out に取り込んで終了します。</translation>
    </message>
    <message>
        <source>--out: which file to record into?</source>
        <translation>--out: どのファイルに記録しますか?</translation>
    </message>
    <message>
        <source>recording %1 into %2</source>
        <translation>%1 を %2 に記録中</translation>
    </message>
    <message>
        <source>paused: %1</source>
        <translation>一時停止: %1</translation>
    </message>
    <message>
        <source>stopped; %1</source>
        <translation>停止しました。%1</translation>
    </message>
    <message>
        <source>With --generate into FILE.vigil: downsample what is older than this many hours before the end, as a recorder would have (default 0: keep every frame).</source>
        <translation>--generate で FILE.vigil に書き出す場合: 終了時点よりこの時間数以上古いデータを、レコーダーと同じように間引きます(既定 0: すべてのフレームを保持)。</translation>
    </message>
    <message>
        <source>a number of hours up to a year</source>
        <translation>1 年以内の時間数</translation>
    </message>
    <message>
        <source>a number of seconds from 0.1 to 86400</source>
        <translation>0.1 から 86400 までの秒数</translation>
    </message>
    <message>
        <source>a number of hours</source>
        <translation>時間数</translation>
    </message>
    <message>
        <source>a size in MB</source>
        <translation>MB 単位のサイズ</translation>
    </message>
    <message>
        <source>a number of seconds</source>
        <translation>秒数</translation>
    </message>
    <message>
        <source>Bearer token for a gateway that knows its operators (default: $VIGIL_TOKEN, or the one saved in the settings).</source>
        <translation>オペレーターを管理するゲートウェイ用のベアラートークン (既定: $VIGIL_TOKEN、または設定に保存されたもの)。</translation>
    </message>
    <message>
        <source>Your name on alarm actions, for a gateway without an operators file (default: the login name).</source>
        <translation>オペレーターファイルのないゲートウェイでアラーム操作に記録される名前 (既定: ログイン名)。</translation>
    </message>
    <message>
        <source>With --replay: open the maintenance-debt report of the recording.</source>
        <translation>--replay と併用: 記録の保守負債レポートを開きます。</translation>
    </message>
    <message>
        <source>%1 lines read: %2 events imported into %3, %4 already there, %5 refused</source>
        <translation>%1 行を読み込み: %2 件のイベントを %3 にインポート、%4 件は既存、%5 行は拒否</translation>
    </message>
    <message>
        <source>Bearer token for a gateway that knows its people (--operators); default: $VIGIL_TOKEN.</source>
        <translation>担当者を登録したゲートウェイ (--operators) 用の Bearer トークン。既定値: $VIGIL_TOKEN。</translation>
    </message>
    <message>
        <source>the gateway refuses to stream: %1 (give a token with --token or $VIGIL_TOKEN)</source>
        <translation>ゲートウェイがストリームを拒否しました: %1 (--token または $VIGIL_TOKEN でトークンを指定してください)</translation>
    </message>
    <message>
        <source>cannot subscribe: %1</source>
        <translation>購読できません: %1</translation>
    </message>
    <message>
        <source>TLS with %1</source>
        <translation>%1 で TLS</translation>
    </message>
    <message>
        <source>mutual TLS with %1, clients signed by %2</source>
        <translation>%1 で相互 TLS、クライアントは %2 の署名</translation>
    </message>
    <message>
        <source>WARNING: serving in the clear, without TLS or tokens, to anyone who can reach %1</source>
        <translation>警告: TLS もトークンもなく平文で、%1 に届く誰にでも配信しています</translation>
    </message>
    <message>
        <source>in the clear, to this machine only</source>
        <translation>平文、このマシンのみ</translation>
    </message>
    <message>
        <source>no tokens: anyone who connects may act</source>
        <translation>トークンなし: 接続した誰もが操作できます</translation>
    </message>
    <message>
        <source>tokens from %1, reloaded when it changes</source>
        <translation>トークンは %1 から、変更時に読み直し</translation>
    </message>
    <message>
        <source>cannot subscribe: the TLS handshake failed: %1 (is the gateway&apos;s certificate signed by --tls-ca, and does it name the host you gave?)</source>
        <translation>購読できません: TLS ハンドシェイクに失敗しました: %1 (ゲートウェイの証明書は --tls-ca の署名で、指定したホスト名を含んでいますか?)</translation>
    </message>
    <message>
        <source>cannot subscribe: %1 (does the gateway serve TLS? then give --tls-ca with its authority, or --tls)</source>
        <translation>購読できません: %1 (ゲートウェイは TLS ですか? それなら認証局を --tls-ca で、または --tls を指定してください)</translation>
    </message>
    <message>
        <source>Serves a GPU cluster over gRPC (vigil.v1.Gateway): simulated, replayed, or read from dcgm-exporter, Prometheus, kernel and training logs.</source>
        <translation>GPU クラスターを gRPC (vigil.v1.Gateway) で提供します: シミュレーション、再生、または dcgm-exporter、Prometheus、カーネルログ、学習ログからの読み取り。</translation>
    </message>
    <message>
        <source>Do not serve: read every source once and say, per source, what was mapped, which fields have no metric, which lines were rejected and why, and the last error; exit 1 if one could not be read.</source>
        <translation>提供はせず、各ソースを一度読み、ソースごとに対応付けた内容、メトリックのないフィールド、拒否した行とその理由、最後のエラーを表示します。読めないソースがあれば終了コード 1。</translation>
    </message>
    <message>
        <source>With --replay: select this span on the timeline, FROM..TO (each as --at takes it); the map&apos;s count overlays cover it.</source>
        <translation>--replay と併用: タイムライン上のこの期間を選択します(FROM..TO、各端は --at と同じ形式)。マップの集計オーバーレイがこの期間を対象にします。</translation>
    </message>
    <message>
        <source>--select: &apos;%1&apos; is not FROM..TO (ISO dates and times or +hours)</source>
        <translation>--select: 「%1」は FROM..TO の形式ではありません(ISO 日時または +時間)</translation>
    </message>
    <message>
        <source>remote write: %1 samples sent, %2 dropped, %3 waiting%4</source>
        <translation>remote write: 送信 %1 サンプル、破棄 %2、待機 %3%4</translation>
    </message>
    <message>
        <source>--until: &apos;%1&apos; is not a date or a date and time (UTC)</source>
        <translation>--until: 「%1」は日付でも日時（UTC）でもありません</translation>
    </message>
    <message>
        <source>--since: &apos;%1&apos; is not a date, a date and time, or a length back like 30d or 36h</source>
        <translation>--since: 「%1」は日付、日時、または 30d や 36h のような遡る期間ではありません</translation>
    </message>
    <message>
        <source>%1 % read</source>
        <translation>%1 % 読み込み済み</translation>
    </message>
    <message>
        <source>With --import or --from-prometheus into a new recording: the topology file that names the entities.</source>
        <translation>--import または --from-prometheus で新しい記録に書くとき：エンティティを命名するトポロジーファイル。</translation>
    </message>
    <message>
        <source>Do not record: read --since to --until from this Prometheus-compatible query API into --out, then exit.</source>
        <translation>記録しない：この Prometheus 互換クエリ API から --since から --until までを --out に読み込み、終了する。</translation>
    </message>
    <message>
        <source>With --from-prometheus: the start (2026-11-02, 2026-11-02T06:00, or a length back like 30d or 36h; default 1d).</source>
        <translation>--from-prometheus と併用：開始（2026-11-02、2026-11-02T06:00、または 30d や 36h のような遡る期間、既定 1d）。</translation>
    </message>
    <message>
        <source>With --from-prometheus: the end (default: now).</source>
        <translation>--from-prometheus と併用：終了（既定：現在）。</translation>
    </message>
    <message>
        <source>With --from-prometheus: seconds between frames (default 15).</source>
        <translation>--from-prometheus と併用：フレーム間の秒数（既定 15）。</translation>
    </message>
    <message>
        <source>With --from-prometheus: the label that names the node (default Hostname, else instance).</source>
        <translation>--from-prometheus と併用：ノードを示すラベル（既定は Hostname、なければ instance）。</translation>
    </message>
    <message>
        <source>aggregating %1 pod gateways: %2</source>
        <translation>%1 個のポッドゲートウェイを集約: %2</translation>
    </message>
    <message>
        <source>Take node or rack rollups from the gateway, and GPUs in full only where the map is zoomed in (wall screens on large clusters).</source>
        <translation>ゲートウェイからノード単位またはラック単位の集約値を受け取り、個々の GPU はマップを拡大した範囲だけ受け取ります（大規模クラスタの壁面表示向け）。</translation>
    </message>
    <message>
        <source>--rollup takes node or rack, not &apos;%1&apos;</source>
        <translation>--rollup には node か rack を指定してください（&apos;%1&apos; は使えません）</translation>
    </message>
    <message>
        <source>With --from-prometheus: seconds each query may take (default 60).</source>
        <translation>--from-prometheus 指定時：各クエリにかけてよい秒数（既定 60）。</translation>
    </message>
    <message>
        <source>vigil-gateway is neither beside vigil nor on the PATH</source>
        <translation>vigil-gateway が vigil と同じ場所にも PATH 上にもありません</translation>
    </message>
    <message>
        <source>vigil-gateway stopped (exit code %1)</source>
        <translation>vigil-gateway が終了しました (終了コード %1)</translation>
    </message>
    <message>
        <source>vigil-gateway did not listen within two minutes</source>
        <translation>vigil-gateway が 2 分以内に待ち受けを開始しませんでした</translation>
    </message>
    <message>
        <source>Serve the demo on 127.0.0.1, on a free port: the decline story at an hour a second, 4 frames a second, a minute of journal (what `vigil --demo` starts). The simulation options apply.</source>
        <translation>デモを 127.0.0.1 の空きポートで提供します: 1 秒に 1 時間進む劣化シナリオ、毎秒 4 フレーム、1 分間のジャーナル (`vigil --demo` が起動するもの)。シミュレーションのオプションが適用されます。</translation>
    </message>
    <message>
        <source>Once listening, write the address served on (host:port) as one line to standard output: with --listen HOST:0, how a parent process learns the port.</source>
        <translation>待ち受け開始後、提供アドレス (host:port) を 1 行で標準出力に書き出します: --listen HOST:0 と併用すると、親プロセスがポートを知る手段になります。</translation>
    </message>
</context>
<context>
    <name>vigil::AlarmCountLabel</name>
    <message numerus="yes">
        <source>▲ %n unacknowledged then</source>
        <translation>
            <numerusform>▲ 当時の未確認 %n 件</numerusform>
        </translation>
    </message>
    <message>
        <source>alarms then: all acknowledged</source>
        <translation>当時のアラーム: すべて確認済み</translation>
    </message>
    <message numerus="yes">
        <source>live: ▲ %n unacknowledged now</source>
        <translation>
            <numerusform>ライブ: ▲ 現在 %n 件未確認</numerusform>
        </translation>
    </message>
    <message>
        <source>live: all acknowledged</source>
        <translation>ライブ: すべて確認済み</translation>
    </message>
    <message numerus="yes">
        <source>▲ %n unacknowledged</source>
        <translation>
            <numerusform>▲ 未確認 %n 件</numerusform>
        </translation>
    </message>
    <message>
        <source>alarms: all acknowledged</source>
        <translation>アラーム: すべて確認済み</translation>
    </message>
    <message>
        <source>live: no gateway heard</source>
        <translation>ライブ: ゲートウェイ応答なし</translation>
    </message>
</context>
<context>
    <name>vigil::AlarmDock</name>
    <message>
        <source>Alarms</source>
        <translation>アラーム</translation>
    </message>
    <message>
        <source>Show normal</source>
        <translation>正常も表示</translation>
    </message>
    <message>
        <source>Filter: priority, state, entity, job, owner… ( / )</source>
        <translation>フィルター: 優先度、状態、対象、ジョブ、担当者… ( / )</translation>
    </message>
    <message>
        <source>Also list alarms back to normal (forgotten after a day)</source>
        <translation>正常に戻ったアラームも表示 (1 日後に消去)</translation>
    </message>
    <message numerus="yes">
        <source>%n unacknowledged</source>
        <translation>
            <numerusform>未確認 %n 件</numerusform>
        </translation>
    </message>
    <message>
        <source>Alarms (%1 unacknowledged)</source>
        <translation>アラーム (未確認 %1)</translation>
    </message>
    <message numerus="yes">
        <source> · %n chattering</source>
        <translation>
            <numerusform> · チャタリング %n 件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n standing for over a day</source>
        <translation>
            <numerusform> · 1 日以上継続 %n 件</numerusform>
        </translation>
    </message>
    <message>
        <source>Not connected to a gateway: alarms can only be acted on live.</source>
        <translation>ゲートウェイに接続されていません: アラームの操作はライブ時のみ可能です。</translation>
    </message>
    <message>
        <source>%1: sending…</source>
        <translation>%1: 送信中…</translation>
    </message>
    <message>
        <source>%1: done.</source>
        <translation>%1: 完了。</translation>
    </message>
    <message>
        <source>%1: refused by the gateway: %2</source>
        <translation>%1: ゲートウェイが拒否しました: %2</translation>
    </message>
    <message>
        <source>Acknowledge</source>
        <translation>確認</translation>
    </message>
    <message>
        <source>Comment (optional):</source>
        <translation>コメント (任意):</translation>
    </message>
    <message>
        <source>Shelve</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>Shelve for (e.g. 30 min, 2 h, 1 d; at most 7 days):</source>
        <translation>保留期間 (例: 30 min、2 h、1 d。最長 7 日):</translation>
    </message>
    <message>
        <source>“%1” is not a duration like 30 min, 2 h or 1 d.</source>
        <translation>「%1」は 30 min、2 h、1 d のような期間ではありません。</translation>
    </message>
    <message>
        <source>Assign</source>
        <translation>担当割り当て</translation>
    </message>
    <message>
        <source>Owner (empty: nobody):</source>
        <translation>担当者 (空欄: なし):</translation>
    </message>
    <message>
        <source>Escalate</source>
        <translation>エスカレーション</translation>
    </message>
    <message>
        <source>Why (optional):</source>
        <translation>理由 (任意):</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>メモ</translation>
    </message>
    <message>
        <source>Note:</source>
        <translation>メモ:</translation>
    </message>
    <message>
        <source>no gateway: no alarms to show</source>
        <translation>ゲートウェイなし: 表示するアラームはありません</translation>
    </message>
    <message numerus="yes">
        <source>%n unacknowledged · stale: no gateway since %1</source>
        <translation>
            <numerusform>未確認 %n 件 · 古い情報: %1 からゲートウェイなし</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unacknowledged at the replayed instant</source>
        <translation>
            <numerusform>再生時点で未確認 %n 件</numerusform>
        </translation>
    </message>
    <message>
        <source>alarm %1</source>
        <translation>アラーム %1</translation>
    </message>
    <message>
        <source>Acknowledge “%1”</source>
        <translation>「%1」を確認</translation>
    </message>
    <message>
        <source>Shelve “%1”</source>
        <translation>「%1」を保留</translation>
    </message>
    <message>
        <source>Unshelve “%1”</source>
        <translation>「%1」の保留を解除</translation>
    </message>
    <message>
        <source>Assign “%1”</source>
        <translation>「%1」を割り当て</translation>
    </message>
    <message>
        <source>Escalate “%1”</source>
        <translation>「%1」をエスカレート</translation>
    </message>
    <message>
        <source>Note on “%1”</source>
        <translation>「%1」にメモ</translation>
    </message>
    <message>
        <source>Sound for new alarms</source>
        <translation>新しいアラームで音を鳴らす</translation>
    </message>
    <message>
        <source>%1: done on this gateway; not yet shared with the NOC: %2</source>
        <translation>%1: このゲートウェイでは完了。NOC とはまだ共有されていません: %2</translation>
    </message>
    <message>
        <source>Since %1</source>
        <translation>%1 以降</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>直近 1 時間</translation>
    </message>
    <message numerus="yes">
        <source>%1: %2 alarm groups to look at per 10 min per operator, from %n alarm(s) (ISA-18.2: about 1 is manageable, over 10 is a flood) · busiest 10 min: %3</source>
        <translation>
            <numerusform>%1: オペレーター 1 人あたり 10 分に確認すべき警報グループ %2 件、警報 %n 件から (ISA-18.2: 約 1 件なら対応可能、10 件超は洪水) · 最多の 10 分間: %3 件</numerusform>
        </translation>
    </message>
    <message>
        <source> · the cluster runs %1× faster than this screen; on its clock: %2 per 10 min, busiest %3</source>
        <translation> · クラスタはこの画面の %1 倍の速さで進行中。クラスタの時計では 10 分あたり %2 件、最多 %3 件</translation>
    </message>
    <message>
        <source>What reached you: the alarms raised, counted as the list shows them. Alarms joining one group (an incident&apos;s, or one cause in one row) within ten minutes are one thing to look at; an alarm on its own is one. Live, counted when they reached the screen; replayed, when they were raised.</source>
        <translation>届いたもの: 発生した警報を、一覧の表示どおりに数えます。10 分以内に同じグループ (インシデント、または同じ列の同じ原因) に加わる警報は 1 件の確認事項、単独の警報はそれぞれ 1 件です。ライブでは画面に届いた時刻、再生では発生した時刻で数えます。</translation>
    </message>
    <message>
        <source>Acknowledge	A</source>
        <translation>確認	A</translation>
    </message>
    <message>
        <source>Shelve…	S</source>
        <translation>保留…	S</translation>
    </message>
    <message>
        <source>Unshelve	U</source>
        <translation>保留解除	U</translation>
    </message>
    <message>
        <source>Assign…	O</source>
        <translation>担当割り当て…	O</translation>
    </message>
    <message>
        <source>Escalate…	E</source>
        <translation>エスカレート…	E</translation>
    </message>
    <message>
        <source>Note…	N</source>
        <translation>メモ…	N</translation>
    </message>
    <message numerus="yes">
        <source>%1: done on %2; not on %n: %3</source>
        <translation>
            <numerusform>%1: %2 件で完了、%n 件は未実施: %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n alarms of %1</source>
        <translation>
            <numerusform>%1 のアラーム %n 件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n alarms</source>
        <translation>
            <numerusform>アラーム %n 件</numerusform>
        </translation>
    </message>
    <message>
        <source>“%1”: replayed alarms cannot be acted on; go back to live to act.</source>
        <translation>「%1」: 再生中のアラームは操作できません。操作するにはライブに戻ってください。</translation>
    </message>
    <message>
        <source>Hand off…	H</source>
        <translation>引き渡し…	H</translation>
    </message>
</context>
<context>
    <name>vigil::BundleDialog</name>
    <message>
        <source>Export an incident bundle</source>
        <translation>インシデントバンドルをエクスポート</translation>
    </message>
    <message>
        <source>A standalone recording of this window — frames, events, gaps and bookmarks — that opens like any other recording.</source>
        <translation>この時間帯の独立した記録(フレーム、イベント、欠損、ブックマーク)。他の記録と同じように開けます。</translation>
    </message>
    <message>
        <source>From</source>
        <translation>開始</translation>
    </message>
    <message>
        <source>To</source>
        <translation>終了</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>エクスポート…</translation>
    </message>
    <message>
        <source>The end must come after the start.</source>
        <translation>終了は開始より後にしてください。</translation>
    </message>
</context>
<context>
    <name>vigil::ChannelSecurity</name>
    <message>
        <source>a client certificate needs its private key, and a key its certificate (--tls-cert and --tls-key)</source>
        <translation>クライアント証明書には秘密鍵が、鍵には証明書が必要です (--tls-cert と --tls-key)</translation>
    </message>
    <message>
        <source>CA certificate</source>
        <translation>CA 証明書</translation>
    </message>
    <message>
        <source>client certificate</source>
        <translation>クライアント証明書</translation>
    </message>
    <message>
        <source>client key</source>
        <translation>クライアント鍵</translation>
    </message>
    <message>
        <source>Reach the gateway over TLS, trusting the system&apos;s certificate authorities.</source>
        <translation>システムの認証局を信頼して、TLS でゲートウェイに接続します。</translation>
    </message>
    <message>
        <source>Reach the gateway over TLS, trusting only certificates these authorities (PEM) signed (default: $VIGIL_TLS_CA).</source>
        <translation>これらの認証局 (PEM) が署名した証明書だけを信頼して、TLS でゲートウェイに接続します (既定: $VIGIL_TLS_CA)。</translation>
    </message>
    <message>
        <source>This client&apos;s certificate (PEM), for a gateway that asks for one (mutual TLS).</source>
        <translation>証明書を求めるゲートウェイ向けの、このクライアントの証明書 (PEM) (相互 TLS)。</translation>
    </message>
    <message>
        <source>The private key (PEM) of --tls-cert.</source>
        <translation>--tls-cert の秘密鍵 (PEM)。</translation>
    </message>
    <message>
        <source>The name the gateway&apos;s certificate must carry, when it is not the host in the address.</source>
        <translation>アドレスのホストと異なるとき、ゲートウェイの証明書が持つべき名前。</translation>
    </message>
    <message>
        <source>--tls-cert and --tls-key go together</source>
        <translation>--tls-cert と --tls-key は一緒に指定します</translation>
    </message>
    <message>
        <source>--tls-server-name is for TLS: add --tls or --tls-ca</source>
        <translation>--tls-server-name は TLS 用です: --tls か --tls-ca を指定してください</translation>
    </message>
</context>
<context>
    <name>vigil::ColorLegend</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>no reading</source>
        <translation>計測値なし</translation>
    </message>
</context>
<context>
    <name>vigil::ConnectionStatusWidget</name>
    <message>
        <source>Connecting…</source>
        <translation>接続中…</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>ライブ</translation>
    </message>
    <message>
        <source>Reconnecting…</source>
        <translation>再接続中…</translation>
    </message>
    <message>
        <source>Resumed</source>
        <translation>再開済み</translation>
    </message>
    <message>
        <source>Last error: %1</source>
        <translation>直近のエラー: %1</translation>
    </message>
    <message>
        <source>Gateway %1</source>
        <translation>ゲートウェイ %1</translation>
    </message>
    <message>
        <source>no data yet</source>
        <translation>データ未受信</translation>
    </message>
    <message>
        <source>Data age &lt;span style=&apos;color:%1&apos;&gt;%2 s&lt;/span&gt;</source>
        <translation>データ経過 &lt;span style=&apos;color:%1&apos;&gt;%2 秒&lt;/span&gt;</translation>
    </message>
    <message>
        <source>%1 frames/s</source>
        <translation>%1 フレーム/秒</translation>
    </message>
    <message>
        <source>no gaps</source>
        <translation>欠落なし</translation>
    </message>
    <message>
        <source>Cluster time %1 UTC</source>
        <translation>クラスタ時刻 %1 UTC</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>不明</translation>
    </message>
    <message>
        <source>the gateway restarted without its journal</source>
        <translation>ゲートウェイがジャーナルなしで再起動しました</translation>
    </message>
    <message>
        <source>the outage outlasted the gateway&apos;s retained window</source>
        <translation>切断がゲートウェイの保持期間より長く続きました</translation>
    </message>
    <message>
        <source>journal entries never arrived</source>
        <translation>ジャーナルのエントリが届きませんでした</translation>
    </message>
    <message>
        <source>%1 → %2 UTC: %3</source>
        <translation>%1 → %2 UTC: %3</translation>
    </message>
    <message>
        <source>gaps in the stream: %1</source>
        <translation>ストリームの欠落: %1</translation>
    </message>
    <message>
        <source>%1 UTC, then the cluster&apos;s clock went back to %2: %3</source>
        <translation>%1 UTC、その後クラスターの時計が %2 に戻りました: %3</translation>
    </message>
    <message>
        <source>Gateway %1 · TLS</source>
        <translation>ゲートウェイ %1 · TLS</translation>
    </message>
    <message>
        <source>The stream and your token travel encrypted (TLS).</source>
        <translation>ストリームとトークンは暗号化されて送られます (TLS)。</translation>
    </message>
    <message>
        <source>The stream travels in the clear: fine on this machine, not across a network.</source>
        <translation>ストリームは平文で送られます: このマシン内なら問題ありませんが、ネットワーク越しには向きません。</translation>
    </message>
    <message>
        <source>Showing data from %1 s ago — reconnecting to %2</source>
        <translation>%1 秒前のデータを表示中 — %2 に再接続しています</translation>
    </message>
</context>
<context>
    <name>vigil::CostSettingsDialog</name>
    <message>
        <source>Pricing the cost of grit</source>
        <translation>根性のコストの価格設定</translation>
    </message>
    <message>
        <source>What one GPU-hour costs you (USD), owned or rented: it turns lost hours into money</source>
        <translation>GPU 1 時間あたりのコスト (USD、自社保有でもレンタルでも): 失われた時間を金額に換算します</translation>
    </message>
    <message>
        <source>A failure counts as preventable when its cause warned at least this long before and was not drained</source>
        <translation>原因がこの時間以上前から警告を出していて、ドレインされていなかった障害は予防可能とみなします</translation>
    </message>
    <message>
        <source>The site&apos;s offset from UTC, e.g. +09:00: night-time actions are flagged in local time</source>
        <translation>拠点の UTC からの時差 (例: +09:00)。夜間の対応は現地時刻で判定します</translation>
    </message>
    <message>
        <source>The night&apos;s first and last hour, local time, e.g. 22-6</source>
        <translation>夜間の開始と終了の時刻 (現地時刻、例: 22-6)</translation>
    </message>
    <message>
        <source>Price per GPU-hour (USD):</source>
        <translation>GPU 1 時間あたりの価格 (USD):</translation>
    </message>
    <message>
        <source>Lead time (hours):</source>
        <translation>リードタイム (時間):</translation>
    </message>
    <message>
        <source>Site time zone (UTC±hh:mm):</source>
        <translation>拠点のタイムゾーン (UTC±hh:mm):</translation>
    </message>
    <message>
        <source>Night hours:</source>
        <translation>夜間の時間帯:</translation>
    </message>
    <message>
        <source>The price per GPU-hour “%1” is not a number.</source>
        <translation>GPU 1 時間あたりの価格「%1」は数値ではありません。</translation>
    </message>
    <message>
        <source>The lead time “%1” is not a number of hours.</source>
        <translation>リードタイム「%1」は時間数ではありません。</translation>
    </message>
    <message>
        <source>The time zone “%1” is not an offset like +09:00 or -5.</source>
        <translation>タイムゾーン「%1」は +09:00 や -5 のような時差ではありません。</translation>
    </message>
    <message>
        <source>The night hours “%1” are not two hours like 22-6.</source>
        <translation>夜間の時間帯「%1」は 22-6 のような 2 つの時刻ではありません。</translation>
    </message>
    <message>
        <source>Not taken: %1.</source>
        <translation>適用できません: %1。</translation>
    </message>
</context>
<context>
    <name>vigil::DebtTableModel</name>
    <message numerus="yes">
        <source>%1 on %2 since %3 (%4 ago), last at %5. If it fails, it takes %n GPU(s) of running jobs with it.</source>
        <translation>
            <numerusform>%2 で %3 から %1 (%4 前から)、最新は %5。障害になると実行中ジョブの GPU %n 基が道連れになります。</numerusform>
        </translation>
    </message>
    <message>
        <source>Xid %1</source>
        <translation>Xid %1</translation>
    </message>
    <message>
        <source>nobody</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>The chance a day that a warning of this kind is followed by a failure (learned from this history) × the GPUs of running jobs within its reach × what a failure has cost per GPU × the price per GPU-hour.</source>
        <translation>この種の警告の後に 1 日以内に障害が起きる確率 (この履歴から学習) × 影響範囲内の実行中ジョブの GPU 数 × 障害 1 件の GPU あたりのコスト × GPU 1 時間あたりの価格。</translation>
    </message>
    <message>
        <source>Entity</source>
        <translation>対象</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Open for</source>
        <translation>未対応期間</translation>
    </message>
    <message>
        <source>Times</source>
        <translation>回数</translation>
    </message>
    <message>
        <source>Acknowledged by</source>
        <translation>確認者</translation>
    </message>
    <message>
        <source>GPUs at risk</source>
        <translation>リスクのある GPU</translation>
    </message>
    <message>
        <source>Expected cost / day</source>
        <translation>予想コスト / 日</translation>
    </message>
    <message>
        <source>Recommended</source>
        <translation>推奨</translation>
    </message>
    <message>
        <source>A failure within 72 h is %1 likely (%2 to %3), no likelier than for any part of its kind: the warning adds nothing to the debt.</source>
        <translation>72 時間以内の故障確率は %1（%2〜%3）で、同種のどの部品とも変わりません。この警告は負債を増やしません。</translation>
    </message>
    <message>
        <source>base rate</source>
        <translation>基準率</translation>
    </message>
</context>
<context>
    <name>vigil::DetailsDock</name>
    <message>
        <source>Details</source>
        <translation>詳細</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>電力</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>last %1 min</source>
        <translation>直近 %1 分</translation>
    </message>
    <message>
        <source>last %1 h</source>
        <translation>直近 %1 時間</translation>
    </message>
    <message>
        <source>Node %1, slot %2 — %3</source>
        <translation>ノード %1、スロット %2 — %3</translation>
    </message>
    <message>
        <source>Temperature, %1</source>
        <translation>温度、%1</translation>
    </message>
    <message>
        <source>Power, %1</source>
        <translation>電力、%1</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>ノード</translation>
    </message>
    <message>
        <source>Rack</source>
        <translation>ラック</translation>
    </message>
    <message>
        <source>Node %1</source>
        <translation>ノード %1</translation>
    </message>
    <message>
        <source>Inlet air, rack %1</source>
        <translation>吸気、ラック %1</translation>
    </message>
    <message>
        <source>PDU load of rating</source>
        <translation>定格に対する PDU 負荷</translation>
    </message>
    <message>
        <source>HBM</source>
        <translation>HBM</translation>
    </message>
    <message>
        <source>Utilisation and memory, %1</source>
        <translation>使用率とメモリ、%1</translation>
    </message>
    <message>
        <source>utilisation</source>
        <translation>使用率</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>メモリ</translation>
    </message>
</context>
<context>
    <name>vigil::EventDock</name>
    <message>
        <source>Events</source>
        <translation>イベント</translation>
    </message>
    <message>
        <source>Everything</source>
        <translation>すべて</translation>
    </message>
    <message>
        <source>Without checkpoints and acknowledgements</source>
        <translation>チェックポイントと確認を除く</translation>
    </message>
    <message>
        <source>Warnings, failures and operators&apos; actions</source>
        <translation>警告・障害・オペレーター操作</translation>
    </message>
</context>
<context>
    <name>vigil::EventLogModel</name>
    <message>
        <source>Xid %1</source>
        <translation>Xid %1</translation>
    </message>
    <message>
        <source>Time (UTC)</source>
        <translation>時刻 (UTC)</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>重大度</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>イベント</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>場所</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>ジョブ</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>詳細</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>オペレーター</translation>
    </message>
    <message>
        <source>Bookmark</source>
        <translation>ブックマーク</translation>
    </message>
    <message>
        <source>%1 (marks %2 UTC)</source>
        <translation>%1 (%2 UTC を示す)</translation>
    </message>
</context>
<context>
    <name>vigil::FleetTableModel</name>
    <message>
        <source>rack %1</source>
        <translation>ラック %1</translation>
    </message>
    <message>
        <source>%1, all racks</source>
        <translation>%1（全ラック）</translation>
    </message>
    <message>
        <source>model %1</source>
        <translation>モデル %1</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>場所</translation>
    </message>
    <message>
        <source>Failures</source>
        <translation>障害</translation>
    </message>
    <message>
        <source>Per 1,000 GPU-days</source>
        <translation>1,000 GPU日あたり</translation>
    </message>
    <message>
        <source>A GPU&apos;s MTBF (h)</source>
        <translation>GPU 1 台の MTBF（時間）</translation>
    </message>
    <message numerus="yes">
        <source>lemon position %1 (%Ln different part(s) named)</source>
        <translation>
            <numerusform>問題スロット %1(部品 %Ln 種)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>lemon part %1 (failed in %Ln slot(s))</source>
        <translation>
            <numerusform>問題部品 %1(%Ln スロットで故障)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>vigil::HandOffDialog</name>
    <message>
        <source>Drain it now, so no job lands on it meanwhile</source>
        <translation>今すぐドレインし、その間にジョブが割り当てられないようにする</translation>
    </message>
    <message>
        <source>Hand off %1</source>
        <translation>%1 を引き渡す</translation>
    </message>
    <message>
        <source>The gateway hands it to the site&apos;s webhook or script (ticketing, automation). The hand-off and the site&apos;s answer are recorded, and every dashboard sees them.</source>
        <translation>ゲートウェイがサイトの Webhook またはスクリプト (チケット管理、自動化) に引き渡します。引き渡しとサイトの応答は記録され、すべてのダッシュボードに表示されます。</translation>
    </message>
    <message>
        <source>Hand off</source>
        <translation>引き渡す</translation>
    </message>
    <message>
        <source>Part:</source>
        <translation>部品:</translation>
    </message>
    <message>
        <source>Recommended:</source>
        <translation>推奨:</translation>
    </message>
    <message>
        <source>Action:</source>
        <translation>対処:</translation>
    </message>
    <message>
        <source>Note for the ticket:</source>
        <translation>チケットへのメモ:</translation>
    </message>
    <message>
        <source>The note is %1 bytes; the gateway takes %2 at most.</source>
        <translation>メモは %1 バイトです。ゲートウェイが受け付けるのは最大 %2 バイトです。</translation>
    </message>
</context>
<context>
    <name>vigil::HandOffFlow</name>
    <message>
        <source>Hand off %1: a replay cannot hand anything off; go back to live to act.</source>
        <translation>%1 の引き渡し: 再生中は引き渡しできません。操作するにはライブに戻ってください。</translation>
    </message>
    <message>
        <source>Hand off %1: not connected to a gateway.</source>
        <translation>%1 の引き渡し: ゲートウェイに接続されていません。</translation>
    </message>
    <message>
        <source>Hand off %1 (%2)</source>
        <translation>%1 の引き渡し (%2)</translation>
    </message>
    <message>
        <source>%1: sending…</source>
        <translation>%1: 送信中…</translation>
    </message>
    <message>
        <source>%1: refused by the gateway: %2</source>
        <translation>%1: ゲートウェイに拒否されました: %2</translation>
    </message>
    <message>
        <source>%1: handed to the gateway; the site&apos;s answer will show in the event log.</source>
        <translation>%1: ゲートウェイに引き渡しました。サイトの応答はイベントログに表示されます。</translation>
    </message>
</context>
<context>
    <name>vigil::IncidentDock</name>
    <message>
        <source>Incidents</source>
        <translation>インシデント</translation>
    </message>
    <message>
        <source>Open warnings</source>
        <translation>未対応の警告</translation>
    </message>
    <message>
        <source>Lemons</source>
        <translation>問題児</translation>
    </message>
    <message>
        <source>Interventions</source>
        <translation>手動対応</translation>
    </message>
    <message>
        <source>Price…</source>
        <translation>価格…</translation>
    </message>
    <message>
        <source>The price per GPU-hour, the lead time that makes a failure preventable, the site&apos;s night hours</source>
        <translation>GPU 1 時間あたりの価格、障害を予防可能とみなすリードタイム、拠点の夜間の時間帯</translation>
    </message>
    <message numerus="yes">
        <source>%n event(s) about jobs or entities the topology does not know, skipped</source>
        <translation>
            <numerusform>トポロジにないジョブや対象に関するイベント %n 件をスキップ</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n duplicate event(s) ignored</source>
        <translation>
            <numerusform>重複イベント %n 件を無視</numerusform>
        </translation>
    </message>
    <message>
        <source>Incidents (%1)</source>
        <translation>インシデント (%1)</translation>
    </message>
    <message>
        <source>Open warnings (%1)</source>
        <translation>未対応の警告 (%1)</translation>
    </message>
    <message>
        <source>Lemons (%1)</source>
        <translation>問題児 (%1)</translation>
    </message>
    <message>
        <source>Interventions (%1)</source>
        <translation>手動対応 (%1)</translation>
    </message>
    <message>
        <source>Slowdowns</source>
        <translation>速度低下</translation>
    </message>
    <message>
        <source>Slowdowns (%1)</source>
        <translation>速度低下（%1）</translation>
    </message>
    <message>
        <source>Fleet</source>
        <translation>フリート</translation>
    </message>
    <message>
        <source>Fleet (%1 failures)</source>
        <translation>フリート（障害 %1 件）</translation>
    </message>
    <message>
        <source>The %1 costliest are listed</source>
        <translation>コストの高い %1 件を表示しています</translation>
    </message>
    <message>
        <source>Lost %1 GPU-h (%2; %11 of them to slow steps) · ETTR %3 % · MTBF %4 h · MTTR %5 min · preventable %6 % · %7 hands-on actions (%8 at night, %9 operator-h) · open warnings worth acting on cost %10 a day · from %13 to %12 UTC</source>
        <translation>損失 %1 GPU時間（%2、うち遅いステップによる %11）· ETTR %3 % · MTBF %4 時間 · MTTR %5 分 · 防止可能 %6 % · 手作業の対応 %7 件（夜間 %8 件、作業 %9 時間）· 対応する価値のある未対応の警告のコスト 1日 %10 · %13 から %12 UTC まで</translation>
    </message>
    <message>
        <source>The cost of grit over the period shown (live: the last %3 days of the cluster and the %4 days of warnings before them, or the newest %5 hardware, job and operator events when those days hold more; replayed: the recording), at $%1 per GPU-hour and a lead time of %2 h: GPU-hours lost to failures (downtime plus steps trained again), what share came after warnings that were visible for over the lead time and not dealt with, and the manual work it took (docs/cost-model.md).</source>
        <translation>表示期間の「根性のコスト」(ライブ: クラスタの直近 %3 日とその前の %4 日分の警告。その期間の件数がそれより多いときは、ハードウェア・ジョブ・オペレーターのイベントのうち新しい %5 件。再生: 記録全体)(GPU 1 時間 $%1、リードタイム %2 時間): 障害で失われた GPU 時間 (停止時間と再学習したステップ)、リードタイム以上前から見えていたのに対処されなかった警告の後に起きた割合、そして必要だった手作業 (docs/cost-model.md)。</translation>
    </message>
    <message>
        <source>Hand off…</source>
        <translation>引き渡し…</translation>
    </message>
    <message>
        <source>Hand the recommended action for the selected incident&apos;s cause or open warning to the site&apos;s webhook or script, through the gateway (Ctrl+Shift+H)</source>
        <translation>選択したインシデントの原因または未解決の警告に対する推奨対処を、ゲートウェイ経由でサイトの Webhook またはスクリプトに引き渡す (Ctrl+Shift+H)</translation>
    </message>
    <message>
        <source>A replay cannot hand anything off: go back to live (Ctrl+L) to act</source>
        <translation>再生中は引き渡しできません: 操作するにはライブに戻ってください (Ctrl+L)</translation>
    </message>
</context>
<context>
    <name>vigil::IncidentTableModel</name>
    <message>
        <source>Xid %1</source>
        <translation>Xid %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 on %2 from %3 (%n time(s)), %4</source>
        <translation>
            <numerusform>%3 から %2 で %1(%n 回)、%4</numerusform>
        </translation>
    </message>
    <message>
        <source>unacknowledged</source>
        <translation>未確認</translation>
    </message>
    <message>
        <source>acknowledged by %1</source>
        <translation>%1 が確認済み</translation>
    </message>
    <message>
        <source>%1 on %2 at %3</source>
        <translation>%3 に %2 で %1</translation>
    </message>
    <message>
        <source>no precursor seen</source>
        <translation>前兆なし</translation>
    </message>
    <message>
        <source>job %1: %2 at step %3</source>
        <translation>ジョブ %1: ステップ %3 で %2</translation>
    </message>
    <message>
        <source>restarted by hand after %1 min</source>
        <translation>%1 分後に手動で再起動</translation>
    </message>
    <message>
        <source>restarted automatically after %1 min</source>
        <translation>%1 分後に自動で再起動</translation>
    </message>
    <message>
        <source>rolled back %1 steps to checkpoint %2</source>
        <translation>%1 ステップ巻き戻してチェックポイント %2 へ</translation>
    </message>
    <message>
        <source>still down</source>
        <translation>停止中</translation>
    </message>
    <message>
        <source>the run was aborted</source>
        <translation>実行は中止されました</translation>
    </message>
    <message>
        <source>%1 GPUs × %2 h = %3 GPU-h, %4</source>
        <translation>%1 GPU × %2 時間 = %3 GPU 時間、%4</translation>
    </message>
    <message>
        <source>it had been drained in time</source>
        <translation>事前にドレイン済みでした</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 時間</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>はい</translation>
    </message>
    <message>
        <source>no</source>
        <translation>いいえ</translation>
    </message>
    <message>
        <source>open</source>
        <translation>未解決</translation>
    </message>
    <message>
        <source>aborted</source>
        <translation>中止</translation>
    </message>
    <message>
        <source>recovered</source>
        <translation>復旧</translation>
    </message>
    <message>
        <source>Time (UTC)</source>
        <translation>時刻 (UTC)</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>ジョブ</translation>
    </message>
    <message>
        <source>Cause</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Warned</source>
        <translation>警告期間</translation>
    </message>
    <message>
        <source>Lost GPU-h</source>
        <translation>損失 GPU 時間</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>コスト</translation>
    </message>
    <message>
        <source>Preventable</source>
        <translation>予防可能</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>show</source>
        <translation>表示</translation>
    </message>
    <message>
        <source>preventable: it warned %1 h before, and %2 % of such warnings are followed by a failure within 72 h (%3 cases)</source>
        <translation>防止可能：%1 時間前に警告あり。この種の警告の %2 % は 72 時間以内に障害が続く（%3 件）</translation>
    </message>
    <message>
        <source>not preventable: it warned %1 h before, but only %2 % of such warnings are followed by a failure within 72 h (%3 cases)</source>
        <translation>防止不能：%1 時間前に警告はあったが、この種の警告で 72 時間以内に障害が続くのは %2 % だけ（%3 件）</translation>
    </message>
    <message>
        <source>not preventable: it warned only %1 h before, too late to drain or swap it</source>
        <translation>防止不能：警告は %1 時間前で、ドレインや交換には遅すぎた</translation>
    </message>
    <message>
        <source>not preventable: it failed with no warning before</source>
        <translation>防止不能：事前の警告なしに故障した</translation>
    </message>
    <message>
        <source>recommended: %1 (%2)</source>
        <translation>推奨: %1 (%2)</translation>
    </message>
</context>
<context>
    <name>vigil::InterventionTableModel</name>
    <message>
        <source>(automation)</source>
        <translation>(自動)</translation>
    </message>
    <message>
        <source>night</source>
        <translation>夜間</translation>
    </message>
    <message>
        <source>%1, %2 after the failure</source>
        <translation>%1、障害の %2 後</translation>
    </message>
    <message>
        <source>Nothing in the event stream measures hands-on time: each action is counted at the typical time an action of its kind takes (docs/cost-model.md).</source>
        <translation>イベントストリームには作業時間の計測がありません。各対応はその種類の標準的な所要時間で数えます (docs/cost-model.md)。</translation>
    </message>
    <message>
        <source>Time (UTC)</source>
        <translation>時刻 (UTC)</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>担当者</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Night</source>
        <translation>夜間</translation>
    </message>
    <message>
        <source>Hands-on</source>
        <translation>作業時間</translation>
    </message>
    <message>
        <source>Answered</source>
        <translation>対応先</translation>
    </message>
</context>
<context>
    <name>vigil::JobTableModel</name>
    <message>
        <source>%1 k</source>
        <translation>%1 千</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>ジョブ</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>区分</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>ステップ</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>損失</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>トークン/秒</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>ステップ時間</translation>
    </message>
    <message>
        <source>%1 M</source>
        <translation>%1 百万</translation>
    </message>
</context>
<context>
    <name>vigil::JobsDock</name>
    <message>
        <source>Jobs</source>
        <translation>ジョブ</translation>
    </message>
</context>
<context>
    <name>vigil::LemonTableModel</name>
    <message>
        <source>Entity</source>
        <translation>対象</translation>
    </message>
    <message>
        <source>Incidents caused</source>
        <translation>原因となったインシデント</translation>
    </message>
    <message>
        <source>Lost GPU-h</source>
        <translation>損失 GPU 時間</translation>
    </message>
</context>
<context>
    <name>vigil::MainWindow</name>
    <message>
        <source>Vigil — GPU cluster operations</source>
        <translation>Vigil — GPU クラスタ運用</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About Vigil</source>
        <translation>Vigil について(&amp;A)</translation>
    </message>
    <message>
        <source>About Vigil</source>
        <translation>Vigil について</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Vigil %1&lt;/h3&gt;&lt;p&gt;An operations dashboard for GPU training clusters: live rack map, telemetry over gRPC, and the cost of keeping a run alive made visible.&lt;/p&gt;&lt;p&gt;Licensed under the GNU General Public License, version 3 or later.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Vigil %1&lt;/h3&gt;&lt;p&gt;GPU 学習クラスタの運用ダッシュボード: ライブのラックマップ、gRPC によるテレメトリ、そして学習を生かし続けるコストの可視化。&lt;/p&gt;&lt;p&gt;GNU 一般公衆利用許諾書 バージョン 3 以降のもとで提供されます。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Nothing matches &apos;%1&apos;</source>
        <translation>「%1」に一致するものはありません</translation>
    </message>
    <message>
        <source>That event is older than the events kept in the log</source>
        <translation>このイベントはログに保持されている範囲より古いです</translation>
    </message>
    <message>
        <source>Part of the history could not be read: %1</source>
        <translation>履歴の一部を読み取れませんでした: %1</translation>
    </message>
    <message>
        <source>Saved pricing not taken, the defaults stand in (File → Pricing): %1</source>
        <translation>保存された価格設定は適用されず、既定値を使用しています (ファイル → 価格設定): %1</translation>
    </message>
    <message>
        <source>&amp;Pricing the cost of grit…</source>
        <translation>根性のコストの価格設定(&amp;P)…</translation>
    </message>
    <message numerus="yes">
        <source>%n new alarm(s) to acknowledge, the highest %1</source>
        <translation>
            <numerusform>確認が必要な新しいアラーム %n 件、最高優先度 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Maintenance-debt &amp;report…</source>
        <translation>保守負債レポート(&amp;R)…</translation>
    </message>
    <message>
        <source>Live views show now: open the recording (Ctrl+O) to go back to %1</source>
        <translation>ライブ表示は現在を示します。%1 に戻るには記録を開いてください (Ctrl+O)</translation>
    </message>
    <message>
        <source>&amp;Hand off the selected incident&apos;s or warning&apos;s action…</source>
        <translation>選択したインシデントまたは警告の対処を引き渡す(&amp;H)…</translation>
    </message>
</context>
<context>
    <name>vigil::RackMapPresenter</name>
    <message>
        <source>no reading</source>
        <translation>測定値なし</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>アイドル</translation>
    </message>
    <message>
        <source>Silent GPUs: %1</source>
        <translation>応答のない GPU: %1</translation>
    </message>
    <message>
        <source>Unplaced GPUs: %1</source>
        <translation>配置不明の GPU: %1</translation>
    </message>
    <message>
        <source>Racks placed automatically: %1</source>
        <translation>自動配置したラック: %1</translation>
    </message>
    <message>
        <source>Hardware failures, %1</source>
        <translation>ハードウェア障害（%1）</translation>
    </message>
    <message>
        <source>failures per rack</source>
        <translation>ラックあたりの障害</translation>
    </message>
    <message>
        <source>failures per GPU</source>
        <translation>GPU あたりの障害</translation>
    </message>
    <message>
        <source>Lost GPU-hours at the rack of their cause, %1</source>
        <translation>原因のラックでの損失 GPU 時間（%1）</translation>
    </message>
    <message>
        <source>GPU-h per rack</source>
        <translation>ラックあたり GPU時間</translation>
    </message>
    <message>
        <source>GPU-h per GPU</source>
        <translation>GPU あたり GPU時間</translation>
    </message>
    <message>
        <source>&amp;Count over</source>
        <translation>集計期間(&amp;C)</translation>
    </message>
    <message>
        <source>Shift+drag on the replay timeline to select a span</source>
        <translation>リプレイのタイムラインを Shift+ドラッグして期間を選択</translation>
    </message>
    <message>
        <source>Next count span</source>
        <translation>次の集計期間</translation>
    </message>
    <message>
        <source>Hardware errors, %1</source>
        <translation>ハードウェアエラー、%1</translation>
    </message>
    <message>
        <source>errors per rack</source>
        <translation>ラックあたりのエラー</translation>
    </message>
    <message>
        <source>errors per GPU</source>
        <translation>GPU あたりのエラー</translation>
    </message>
    <message>
        <source>Alarms raised, %1</source>
        <translation>発報されたアラーム、%1</translation>
    </message>
    <message>
        <source>alarms per rack</source>
        <translation>ラックあたりのアラーム</translation>
    </message>
    <message>
        <source>alarms per GPU</source>
        <translation>GPU あたりのアラーム</translation>
    </message>
    <message numerus="yes">
        <source>Incidents at their cause, %1 (%Ln without a cause not drawn)</source>
        <translation>
            <numerusform>原因箇所のインシデント、%1(原因不明の %Ln 件は描画なし)</numerusform>
        </translation>
    </message>
    <message>
        <source>Incidents at their cause, %1</source>
        <translation>原因箇所のインシデント、%1</translation>
    </message>
    <message>
        <source>incidents per rack</source>
        <translation>ラックあたりのインシデント</translation>
    </message>
    <message>
        <source>incidents per GPU</source>
        <translation>GPU あたりのインシデント</translation>
    </message>
    <message>
        <source>%1 to %2 UTC</source>
        <translation>%1 – %2 UTC</translation>
    </message>
</context>
<context>
    <name>vigil::RackMapWidget</name>
    <message>
        <source>Waiting for the cluster&apos;s topology…</source>
        <translation>クラスタのトポロジーを待っています…</translation>
    </message>
    <message>
        <source>%1 — all halls</source>
        <translation>%1 — 全ホール</translation>
    </message>
    <message>
        <source>%1 › row %2 › rack %3</source>
        <translation>%1 › 列 %2 › ラック %3</translation>
    </message>
    <message>
        <source>unplaced</source>
        <translation>配置不明</translation>
    </message>
    <message>
        <source>Each rack shows its commonest value — zoom in for single GPUs</source>
        <translation>各ラックは最も多い値を表示 — 個々の GPU は拡大して表示</translation>
    </message>
    <message>
        <source>Each rack shows its most extreme GPU — zoom in for single GPUs</source>
        <translation>各ラックは最も極端な GPU を表示 — 個々の GPU は拡大して表示</translation>
    </message>
    <message>
        <source>Each rack shows the sum of its GPUs — zoom in for single GPUs</source>
        <translation>各ラックは GPU の合計を表示 — 個々の GPU はズームイン</translation>
    </message>
</context>
<context>
    <name>vigil::RecordAction</name>
    <message>
        <source>&amp;Record the live stream</source>
        <translation>ライブストリームを記録(&amp;R)</translation>
    </message>
    <message>
        <source>Keep a flight recording of everything the gateway sends</source>
        <translation>ゲートウェイが送るすべてをフライトレコーダーに記録します</translation>
    </message>
    <message>
        <source>Cannot record</source>
        <translation>記録できません</translation>
    </message>
</context>
<context>
    <name>vigil::RecorderIndicator</name>
    <message>
        <source>● Recording paused: %1</source>
        <translation>● 記録一時停止: %1</translation>
    </message>
    <message>
        <source>● REC %1</source>
        <translation>● 記録中 %1</translation>
    </message>
    <message>
        <source>Recording to %1
%2 frames, %3 events since it started; %4 frames lost</source>
        <translation>%1 に記録中
開始以降 %2 フレーム、%3 イベント。欠損 %4 フレーム</translation>
    </message>
</context>
<context>
    <name>vigil::ReplayBar</name>
    <message>
        <source>Go to the start of the recording (Home)</source>
        <translation>記録の先頭へ (Home)</translation>
    </message>
    <message>
        <source>Previous frame (←)</source>
        <translation>前のフレーム (←)</translation>
    </message>
    <message>
        <source>Next frame (→)</source>
        <translation>次のフレーム (→)</translation>
    </message>
    <message>
        <source>Replay speed: simulated seconds per second</source>
        <translation>再生速度: 1 秒あたりのクラスター秒数</translation>
    </message>
    <message>
        <source>Bookmark</source>
        <translation>ブックマーク</translation>
    </message>
    <message>
        <source>Add a bookmark with a note at this instant, stored in the recording (B)</source>
        <translation>この時点にメモ付きブックマークを追加し、記録に保存します (B)</translation>
    </message>
    <message>
        <source>Back to live</source>
        <translation>ライブに戻る</translation>
    </message>
    <message>
        <source>Leave the replay and show the live cluster again</source>
        <translation>再生を終了してライブのクラスターを表示します</translation>
    </message>
    <message>
        <source>Pause (Space)</source>
        <translation>一時停止 (Space)</translation>
    </message>
    <message>
        <source>Play (Space)</source>
        <translation>再生 (Space)</translation>
    </message>
    <message>
        <source>REPLAY %1 · %2 · %3</source>
        <translation>再生 %1 · %2 · %3</translation>
    </message>
    <message>
        <source>playing</source>
        <translation>再生中</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>一時停止中</translation>
    </message>
</context>
<context>
    <name>vigil::ReplayController</name>
    <message>
        <source>Replay</source>
        <translation>再生</translation>
    </message>
    <message>
        <source>&amp;Open recording…</source>
        <translation>記録を開く(&amp;O)…</translation>
    </message>
    <message>
        <source>Back to &amp;live</source>
        <translation>ライブに戻る(&amp;L)</translation>
    </message>
    <message>
        <source>Export incident &amp;bundle…</source>
        <translation>インシデントバンドルをエクスポート(&amp;B)…</translation>
    </message>
    <message>
        <source>&amp;Import event history…</source>
        <translation>イベント履歴を取り込む(&amp;I)…</translation>
    </message>
    <message>
        <source>Add events from another system (CSV or JSON lines) to the open recording</source>
        <translation>他のシステムのイベント(CSV または JSON Lines)を開いている記録に追加します</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>%1 を読み込んでいます…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Open recording</source>
        <translation>記録を開く</translation>
    </message>
    <message>
        <source>Opening %1 cancelled</source>
        <translation>%1 を開くのを取り消しました</translation>
    </message>
    <message>
        <source>Cannot open the recording</source>
        <translation>記録を開けません</translation>
    </message>
    <message>
        <source>%1 · cluster time %2 UTC%3</source>
        <translation>%1 · クラスター時刻 %2 UTC%3</translation>
    </message>
    <message>
        <source> · rebuilding history…</source>
        <translation> · 履歴を再構築中…</translation>
    </message>
    <message>
        <source>Open &amp;history from Prometheus…</source>
        <translation>Prometheus から履歴を開く(&amp;H)…</translation>
    </message>
    <message>
        <source>Scrub a span this dashboard never recorded, from the time-series database</source>
        <translation>このダッシュボードが記録していない期間を時系列データベースから再生する</translation>
    </message>
    <message>
        <source>the gateway is older than shared bookmarks</source>
        <translation>ゲートウェイが共有ブックマークより古い版です</translation>
    </message>
</context>
<context>
    <name>vigil::ReportWindow</name>
    <message>
        <source>Export &amp;PDF…</source>
        <translation>PDF を書き出す(&amp;P)…</translation>
    </message>
    <message>
        <source>Export &amp;CSV…</source>
        <translation>CSV を書き出す(&amp;C)…</translation>
    </message>
    <message>
        <source>Maintenance-debt report — %1</source>
        <translation>保守負債レポート — %1</translation>
    </message>
    <message>
        <source>The last 7 days</source>
        <translation>直近 7 日間</translation>
    </message>
    <message>
        <source>The last 30 days</source>
        <translation>直近 30 日間</translation>
    </message>
    <message>
        <source>From … to …</source>
        <translation>期間を指定</translation>
    </message>
    <message>
        <source>A4</source>
        <translation>A4</translation>
    </message>
    <message>
        <source>Letter</source>
        <translation>レター</translation>
    </message>
    <message>
        <source>&amp;Show</source>
        <translation>表示(&amp;S)</translation>
    </message>
    <message>
        <source>Period:</source>
        <translation>期間:</translation>
    </message>
    <message>
        <source>Export the report as PDF</source>
        <translation>レポートを PDF で書き出す</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Export the report&apos;s tables as CSV into</source>
        <translation>レポートの表を CSV で書き出す先</translation>
    </message>
    <message>
        <source>Reading the recording and laying out the report…</source>
        <translation>記録を読み込み、レポートをレイアウトしています…</translation>
    </message>
    <message>
        <source>The report could not be made: %1</source>
        <translation>レポートを作成できませんでした: %1</translation>
    </message>
    <message>
        <source>Nothing happened in this period.</source>
        <translation>この期間には何も起きていません。</translation>
    </message>
    <message numerus="yes">
        <source>%n page(s): %1 GPU-hours lost, %2, in %3 disruptions.</source>
        <translation>
            <numerusform>%n ページ: 失われた GPU 時間 %1、%2、中断 %3 件。</numerusform>
        </translation>
    </message>
    <message>
        <source>Written: %1</source>
        <translation>書き出しました: %1</translation>
    </message>
    <message numerus="yes">
        <source>Written: %n table(s) into %1</source>
        <translation>
            <numerusform>%1 に表を %n 件書き出しました</numerusform>
        </translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>%1 を書き込んでいます…</translation>
    </message>
    <message>
        <source>Writing the tables into %1…</source>
        <translation>表を %1 に書き込んでいます…</translation>
    </message>
</context>
<context>
    <name>vigil::SlowdownTableModel</name>
    <message>
        <source>%1 trained up to %2 % slower than its healthy pace (the median of the faster half of its hours over the week before) for %3 h: %4 GPU-hours of its steps beyond that pace (docs/cost-model.md).</source>
        <translation>%1 は %3 時間にわたり健全なペース（前の1週間のうち速い半分の時間帯の中央値）より最大 %2 % 遅く学習しました：そのペースを超えたステップに %4 GPU時間（docs/cost-model.md）。</translation>
    </message>
    <message>
        <source>%1 → %2 s (+%3 %)</source>
        <translation>%1 → %2 秒（+%3 %）</translation>
    </message>
    <message>
        <source>no warning began with it</source>
        <translation>同時に始まった警告なし</translation>
    </message>
    <message>
        <source>%1 (changed by hand)</source>
        <translation>%1（手動で変更）</translation>
    </message>
    <message>
        <source>Began</source>
        <translation>開始</translation>
    </message>
    <message>
        <source>Hours</source>
        <translation>時間</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>ジョブ</translation>
    </message>
    <message>
        <source>Step time (healthy → worst)</source>
        <translation>ステップ時間（健全 → 最悪）</translation>
    </message>
    <message>
        <source>Began with</source>
        <translation>同時に始まったもの</translation>
    </message>
    <message>
        <source>Lost GPU-h</source>
        <translation>損失 GPU時間</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>コスト</translation>
    </message>
</context>
<context>
    <name>vigil::SourcesDock</name>
    <message>
        <source>never</source>
        <translation>未実施</translation>
    </message>
    <message>
        <source>%1 s ago</source>
        <translation>%1 秒前</translation>
    </message>
    <message>
        <source>%1 min ago</source>
        <translation>%1 分前</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>ソース</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>ソース</translation>
    </message>
    <message>
        <source>Last poll</source>
        <translation>最終取得</translation>
    </message>
    <message>
        <source>Readings</source>
        <translation>読み取り値</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>イベント</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>スキップ</translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation>拒否</translation>
    </message>
    <message>
        <source>Last error</source>
        <translation>最後のエラー</translation>
    </message>
    <message>
        <source>Asking the gateway about its sources…</source>
        <translation>ゲートウェイにソースを問い合わせています…</translation>
    </message>
    <message>
        <source>This gateway does not report its sources (it is older than this dashboard).</source>
        <translation>このゲートウェイはソースを報告しません（このダッシュボードより古い版です）。</translation>
    </message>
    <message>
        <source>The gateway did not say: %1</source>
        <translation>ゲートウェイから応答がありません: %1</translation>
    </message>
    <message>
        <source>rejected: %1</source>
        <translation>拒否: %1</translation>
    </message>
    <message>
        <source>not on the stream: %1</source>
        <translation>ストリームにありません: %1</translation>
    </message>
    <message>
        <source>The gateway reads no sources: a simulated or replayed cluster. (%1)</source>
        <translation>ゲートウェイはソースを読んでいません（シミュレーションまたはリプレイのクラスタ）。(%1)</translation>
    </message>
    <message numerus="yes">
        <source>%n source(s), all reading. (%1)</source>
        <translation>
            <numerusform>%n 個のソース、すべて読み取り中。(%1)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n source(s); %1 with rejected lines or an error — open one to see why. (%2)</source>
        <translation>
            <numerusform>%n 個のソース。%1 個で拒否行またはエラーがあります — 開いて理由を確認してください。(%2)</numerusform>
        </translation>
    </message>
    <message>
        <source>speaks %1, read in each field&apos;s one unit</source>
        <translation>%1 を使用、各フィールドはそれぞれ一つの単位で読み取り</translation>
    </message>
</context>
<context>
    <name>vigil::TimeSeriesChart</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 に書き込めません: %2</translation>
    </message>
    <message>
        <source>Exported from Vigil</source>
        <translation>Vigil からエクスポート</translation>
    </message>
    <message>
        <source>Cannot encode the chart as PNG</source>
        <translation>グラフを PNG に変換できません</translation>
    </message>
    <message>
        <source>No data yet</source>
        <translation>まだデータがありません</translation>
    </message>
</context>
<context>
    <name>vigil::TimelineWidget</name>
    <message>
        <source>Recording timeline</source>
        <translation>記録のタイムライン</translation>
    </message>
    <message>
        <source>No recording open</source>
        <translation>記録が開かれていません</translation>
    </message>
    <message>
        <source>Bookmark: %1 (%2)</source>
        <translation>ブックマーク: %1 (%2)</translation>
    </message>
    <message>
        <source>Downsampled: each minute&apos;s lowest and highest readings</source>
        <translation>間引き済み: 1 分ごとの最小値と最大値</translation>
    </message>
    <message>
        <source>No data %1 – %2: %3</source>
        <translation>データなし %1 – %2: %3</translation>
    </message>
    <message>
        <source>%1 %2: %3</source>
        <translation>%1 %2: %3</translation>
    </message>
    <message>
        <source>Events here: %1 critical, %2 warning, %3 info</source>
        <translation>この区間のイベント: 重大 %1、警告 %2、情報 %3</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 日</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 時間</translation>
    </message>
    <message>
        <source>Selected: %1 – %2 (Esc clears; Shift+drag selects another)</source>
        <translation>選択中: %1 – %2(Esc で解除、Shift+ドラッグで選び直し)</translation>
    </message>
    <message>
        <source>Bookmark: %1 (%2, shared with the NOC)</source>
        <translation>ブックマーク: %1 (%2、NOC と共有)</translation>
    </message>
</context>
<context>
    <name>vigil::TrainingDock</name>
    <message>
        <source>Export…</source>
        <translation>エクスポート…</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>損失</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>スループット</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>トークン/秒</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>ステップ時間</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>学習</translation>
    </message>
    <message>
        <source>Loss against step</source>
        <translation>ステップごとの損失</translation>
    </message>
    <message>
        <source>Show loss against the training step: a rollback then shows the abandoned branch dimmed and the steps trained again shaded</source>
        <translation>学習ステップに対する損失を表示: ロールバックでは破棄された分岐を薄く、再学習したステップを網掛けで表示</translation>
    </message>
    <message>
        <source>%1 (%2, %3 GPUs)</source>
        <translation>%1（%2、%3 GPU）</translation>
    </message>
    <message>
        <source>lost %1 h × %2 GPUs</source>
        <translation>損失 %1 時間 × %2 GPU</translation>
    </message>
    <message>
        <source>%1 steps trained again</source>
        <translation>%1 ステップを再学習</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>損失</translation>
    </message>
    <message>
        <source>abandoned</source>
        <translation>破棄</translation>
    </message>
    <message>
        <source>step time</source>
        <translation>ステップ時間</translation>
    </message>
    <message>
        <source>Export the loss chart</source>
        <translation>損失グラフをエクスポート</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>エクスポートに失敗しました</translation>
    </message>
    <message>
        <source>All-reduce wait</source>
        <translation>All-reduce 待ち</translation>
    </message>
    <message>
        <source>% of step</source>
        <translation>ステップの %</translation>
    </message>
    <message>
        <source>GPU power</source>
        <translation>GPU 電力</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>待機</translation>
    </message>
    <message>
        <source>power</source>
        <translation>電力</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;CSV data (*.csv)</source>
        <translation>PNG 画像 (*.png);;SVG 図 (*.svg);;CSV データ (*.csv)</translation>
    </message>
</context>
<context>
    <name>vigil::ViewActions</name>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation>拡大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>縮小(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Fit all</source>
        <translation>全体を表示(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Wall display</source>
        <translation>ウォールディスプレイ(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Light palette</source>
        <translation>ライトパレット(&amp;L)</translation>
    </message>
    <message>
        <source>Overlays</source>
        <translation>オーバーレイ</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Find a host, GPU UUID, rack or job (Ctrl+F)</source>
        <translation>ホスト、GPU UUID、ラック、ジョブを検索 (Ctrl+F)</translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation>検索(&amp;F)…</translation>
    </message>
    <message>
        <source>&amp;Relative to rack peers</source>
        <translation>ラック内で相対表示(&amp;R)</translation>
    </message>
    <message>
        <source>Colour each GPU by its difference from its rack&apos;s median (R)</source>
        <translation>各 GPU をラックの中央値との差で色分けします (R)</translation>
    </message>
    <message>
        <source>&amp;Cycle overlays every 20 s</source>
        <translation>20 秒ごとにオーバーレイを切り替え(&amp;C)</translation>
    </message>
    <message>
        <source>Cycle &amp;halls every 20 s</source>
        <translation>ホールを 20 秒ごとに切り替え(&amp;H)</translation>
    </message>
</context>
</TS>
