// Compare mode's presets: one lesson-like script played in two clusters with one config key
// overridden (compare.js plays and sums them up). Every script uses the scenario format
// (parseScenario) and the same seed in both panes; `step until X` waits until X holds in both panes.

const BASE = "brokers=3 partitions=1 replicationFactor=3 networkLatencyMsMin=100 networkLatencyMsMax=100";

/**
 * [{ id, key, values: [left, right], labels / labelsZh: [left, right] (as shown), script, expected }].
 * The script's `config` line holds everything but `key`; each pane adds `key=value`. `expected`:
 * the contrast the preset is there to show, as findings { en, zh, holds([left, right]) } judged
 * on the panes' paneMetrics (what the core's snapshot and violations say).
 */
export const PRESETS = [
  {
    id: "acks",
    key: "acks",
    values: [1, "all"],
    labels: ["acks=1", "acks=all"],
    labelsZh: ["acks=1", "acks=all"],
    expected: [
      { en: "acks=1 lost the acknowledged m2; acks=all kept it", zh: "acks=1 丢了已确认的 m2；acks=all 保住了它", holds: ([a, b]) => a.lostValues.includes(2) && a.violations["acks1-lost"] > 0 && !b.lostValues.includes(2) },
      { en: "acks=all told the producer instead: m2 failed, and can be sent again", zh: "acks=all 则如实告诉了生产者：m2 失败了，可以重发", holds: ([, b]) => b.failed > 0 },
    ],
    script: `
title en acks=1 or acks=all when the leader dies
title zh leader 宕机时：acks=1 还是 acks=all
caption en The same cluster twice: b0 leads p0, b1 and b2 follow. The producer uses the cluster's default acks: 1 on the left, all on the right. m1 is acknowledged on both sides once it is safe for that setting.
caption zh 同一个集群的两份副本：b0 是 p0 的 leader，b1 和 b2 是 follower。生产者使用集群默认的 acks：左边为 1，右边为 all。m1 在各自设置认为安全时得到确认。
config version=0.11 ${BASE}
produce count=1
step 20
check en m1 is acknowledged
check zh m1 已确认
expect request1.status == acked
pause
caption en The leader b0 loses its links to both followers, then the producer sends m2. acks=1: the leader appends m2 and answers at once. acks=all: it waits for followers that cannot fetch, so m2 stays unacknowledged.
caption zh leader b0 与两个 follower 的链路都断了，然后生产者发送 m2。acks=1：leader 追加 m2 后立即应答。acks=all：它要等无法拉取的 follower，所以 m2 一直没有得到确认。
cut 0 1
cut 0 2
produce count=1
step 10
check en m2 is acknowledged at once, the followers cut off
check zh follower 断开时 m2 立即得到确认
expect request2.status == acked
pause
caption en b0 crashes before any follower has m2. Its ZooKeeper session expires after 6 s and the controller elects b1, which never had m2. The acks=all request fails instead of being acknowledged.
caption zh 在任何 follower 拿到 m2 之前，b0 宕机了。6 秒后它的 ZooKeeper 会话过期，控制器选出从未有过 m2 的 b1。acks=all 的请求以失败告终，而不是被确认。
fail 0
heal 0 1
heal 0 2
step 100
check en b1 leads now
check zh 现在由 b1 担任 leader
expect p0.leader == 1
check en m2 counts as acknowledged
check zh m2 算作已确认
expect request2.status == acked
pause
caption en b0 restarts as a follower and truncates m2. With acks=1 an acknowledged record is gone for good (acks1-lost); with acks=all nothing acknowledged was lost, and the producer knows m2 failed and can send it again.
caption zh b0 重启成为 follower 并截断 m2。acks=1 时一条已确认的消息永久丢失（acks1-lost）；acks=all 时没有丢失任何已确认的消息，生产者知道 m2 失败了，可以重新发送。
recover 0
step 200
check en b0 is back: the ISR is {0,1,2}
check zh b0 回来了：ISR 为 {0,1,2}
expect p0.isr == [0,1,2]
check en no record acknowledged with acks=1 is lost
check zh 没有丢失以 acks=1 确认的消息
expect violations.acks1-lost == 0
pause
`,
  },
  {
    id: "lag-rule",
    key: "replicaLagMaxMessages",
    values: [4000, 0],
    labels: ["replica.lag.max.messages=4000 (0.8)", "time only (0.9+)"],
    labelsZh: ["replica.lag.max.messages=4000（0.8）", "只看时间（0.9+）"],
    expected: [
      { en: "the message rule dropped the followers from the ISR on a burst and took them back; time only kept the ISR as it was", zh: "按消息数的规则在突发时把 follower 移出 ISR 又加回来；只看时间时 ISR 保持不变", holds: ([a, b]) => a.isrChanges >= 2 && b.isrChanges === 0 },
    ],
    script: `
title en Message lag rule or time only: a burst of 5000 records
title zh 按消息数还是只按时间判断落后：一次 5000 条的突发
caption en Two 3-replica partitions with the same timing. Left: the 0.8 rule, a follower more than replica.lag.max.messages=4000 behind leaves the ISR. Right: only time counts (replica.lag.time.max.ms, since 0.9).
caption zh 两个时间参数相同的 3 副本分区。左边：0.8 的规则，follower 落后超过 replica.lag.max.messages=4000 条就离开 ISR。右边：只看时间（replica.lag.time.max.ms，从 0.9 开始）。
config version=0.11 ${BASE}
step 98
check en all three replicas are in the ISR
check zh 三个副本都在 ISR 中
expect p0.isr == [0,1,2]
pause
caption en The producer sends one batch of 5000 records with acks=all. For a moment both followers are 5000 behind: on the left the leader drops them from the ISR, on the right they stay, since they fetch all the time.
caption zh 生产者以 acks=all 一次发送 5000 条消息。有一瞬间两个 follower 都落后 5000 条：左边 leader 把它们移出 ISR，右边它们留在 ISR 中，因为它们一直在拉取。
produce count=5000 acks=all
step 2
check en the followers are still in the ISR after the burst
check zh 突发之后 follower 仍在 ISR 中
expect p0.isr == [0,1,2]
pause
caption en The followers catch up within a few fetches. Left: with an ISR of the leader alone, the HW jumped to 5000 with one copy, then the followers rejoin, two ISR writes to ZooKeeper for nothing. Right: no ISR change at all.
caption zh follower 几次拉取后就追上了。左边：ISR 只剩 leader 时 HW 在只有一份副本的情况下跳到 5000，随后 follower 重新加入，白白写了两次 ZooKeeper。右边：ISR 完全没有变化。
step 40
check en the ISR is whole: {0,1,2}
check zh ISR 完整：{0,1,2}
expect p0.isr == [0,1,2]
check en the ISR was never rewritten in ZooKeeper (zkVersion 0)
check zh ISR 从未在 ZooKeeper 中改写（zkVersion 0）
expect p0.zkVersion == 0
pause
caption en Every burst repeats it: the message rule makes the ISR flap under normal load, which is why Kafka dropped it (KIP-16, 0.9).
caption zh 每次突发都会重演：按消息数的规则让 ISR 在正常负载下反复抖动，这就是 Kafka 去掉它的原因（KIP-16，0.9）。
step 58
produce count=5000 acks=all
step 60
check en the ISR was never rewritten in ZooKeeper (zkVersion 0)
check zh ISR 从未在 ZooKeeper 中改写（zkVersion 0）
expect p0.zkVersion == 0
pause
`,
  },
  {
    id: "truncation",
    key: "truncation",
    values: ["high-watermark", "leader-epoch"],
    labels: ["truncate to the HW (≤0.10)", "leader epoch (KIP-101, 0.11)"],
    labelsZh: ["截断到 HW（≤0.10）", "leader epoch（KIP-101，0.11）"],
    expected: [
      { en: "truncating to the HW lost the acknowledged m2; the leader epoch kept it", zh: "按 HW 截断丢了已确认的 m2；按 leader epoch 截断保住了它", holds: ([a, b]) => a.lostValues.includes(2) && a.violations["acked-lost"] > 0 && !b.lostValues.includes(2) && b.lossViolations === 0 },
    ],
    script: `
title en Truncating to the HW or by leader epoch (KIP-101)
title zh 按 HW 截断还是按 leader epoch 截断（KIP-101）
caption en Two replicas, b0 leads. m1 is committed everywhere. m2 is acknowledged with acks=all: b1 has it, but b1 only learns the new HW (2) on its next fetch.
caption zh 两个副本，b0 是 leader。m1 已在所有副本上提交。m2 以 acks=all 得到确认：b1 有 m2，但 b1 要到下一次拉取才知道新的 HW（2）。
config version=0.11 uncleanLeaderElectionEnable=true brokers=2 partitions=1 replicationFactor=2 networkLatencyMsMin=100 networkLatencyMsMax=100
produce count=1 acks=all
step 80
produce count=1 acks=all
step until request2.status == acked max 50
check en b1 has m1, m2
check zh b1 有 m1、m2
expect p0.b1.values == [1,2]
check en b1 still knows HW 1 only
check zh b1 仍然只知道 HW 1
expect p0.b1.hw == 1
pause
caption en b1 restarts at once. Left: it truncates its log to its own HW (1), dropping m2. Right: it asks the leader where its epoch ends (OffsetsForLeaderEpoch) and keeps m2.
caption zh b1 立即重启。左边：它把日志截断到自己的 HW（1），丢掉了 m2。右边：它向 leader 询问自己的 epoch 在哪里结束（OffsetsForLeaderEpoch），保留了 m2。
fail 1
recover 1
step until p0.b1.role == follower max 200
check en b1 kept m2 when it followed b0 again
check zh b1 重新跟随 b0 时保留了 m2
expect p0.b1.values == [1,2]
pause
caption en Before b1 fetches m2 again, the leader b0 dies and b1 becomes leader (unclean election is on, as in 0.8). Left: m2 was acknowledged and is gone: acked-lost and committed-lost. Right: b1 still has m2, nothing is lost.
caption zh 在 b1 重新拉取 m2 之前，leader b0 宕机，b1 成为 leader（与 0.8 一样开启了 unclean 选举）。左边：m2 已确认却丢失了：acked-lost 和 committed-lost。右边：b1 仍有 m2，什么都没丢。
fail 0
step 200
check en b1 leads now
check zh 现在由 b1 担任 leader
expect p0.leader == 1
check en the new leader b1 has m1, m2
check zh 新 leader b1 有 m1、m2
expect p0.b1.values == [1,2]
check en no acknowledged record is lost
check zh 没有丢失已确认的消息
expect violations.acked-lost == 0
pause
`,
  },
  {
    id: "strategy",
    key: "strategy",
    values: ["isr", "quorum"],
    labels: ["ISR: all of the ISR acks", "quorum: a majority acks"],
    labelsZh: ["ISR：ISR 全部确认", "quorum：多数确认"],
    expected: [
      { en: "with 2 of 3 replicas down, the ISR kept acknowledging writes; the quorum's request timed out", zh: "3 个副本坏了 2 个时，ISR 策略继续确认写入；多数派的请求超时了", holds: ([a, b]) => !a.errors.REQUEST_TIMED_OUT && b.errors.REQUEST_TIMED_OUT > 0 && a.acked > b.acked },
    ],
    script: `
title en All of the ISR or a majority: Kafka's choice
title zh ISR 全部确认还是多数确认：Kafka 的选择
caption en Three replicas. Left: Kafka's ISR strategy, acks=all waits for every ISR member. Right: a majority quorum, as in Raft, waits for 2 of 3. b2 becomes slow (4 s extra per message) and the producer sends m1.
caption zh 三个副本。左边：Kafka 的 ISR 策略，acks=all 要等每个 ISR 成员。右边：像 Raft 那样的多数派，3 个中有 2 个即可。b2 变慢（每条消息多 4 秒），生产者发送 m1。
config version=0.11 ${BASE}
fail 2 slow delayMs=4000
produce count=1 acks=all
step 30
check en m1 is acknowledged within 3 s
check zh m1 在 3 秒内得到确认
expect request1.status == acked
pause
caption en The slow follower delays the ISR strategy: m1 waits for b2 (or for b2 to leave the ISR). The quorum acknowledged at once with b0 and b1.
caption zh 慢 follower 拖慢了 ISR 策略：m1 要等 b2（或等 b2 离开 ISR）。多数派在 b0 和 b1 都有 m1 时就立即确认了。
step 100
check en m1 is acknowledged
check zh m1 已确认
expect request1.status == acked
pause
caption en b2 recovers; then b1 and b2 both crash, two of three. The ISR strategy shrinks the ISR to the leader and goes on (f+1 = 3 replicas survive f = 2 failures). The quorum needs 2f+1 = 5 replicas for that: it stops.
caption zh b2 恢复；然后 b1 和 b2 都宕机，三个中坏了两个。ISR 策略把 ISR 收缩到只剩 leader 并继续工作（f+1 = 3 个副本容忍 f = 2 个故障）。多数派需要 2f+1 = 5 个副本才能做到：它停下来了。
recover 2
step 100
fail 1
fail 2
produce count=1 acks=all
step 150
check en m2 is acknowledged with two of three replicas down
check zh 3 个副本坏了 2 个时 m2 仍得到确认
expect request2.status == acked
pause
caption en The quorum's request times out (REQUEST_TIMED_OUT); the ISR strategy kept accepting writes with a single copy, the risk lesson 7 shows.
caption zh 多数派的请求超时（REQUEST_TIMED_OUT）；ISR 策略用单份副本继续接受写入，这正是第 7 课展示的风险。
step 300
check en m2 is acknowledged
check zh m2 已确认
expect request2.status == acked
pause
`,
  },
  {
    id: "unclean",
    key: "uncleanLeaderElectionEnable",
    values: [true, false],
    labels: ["unclean election on", "unclean election off"],
    labelsZh: ["开启 unclean 选举", "关闭 unclean 选举"],
    expected: [
      { en: "unclean election on lost the committed m2, m3; off lost nothing", zh: "开启 unclean 选举丢了已提交的 m2、m3；关闭时什么都没丢", holds: ([a, b]) => a.lostValues.includes(2) && a.lostValues.includes(3) && a.violations["committed-lost"] > 0 && b.lost === 0 },
      { en: "off paid with time offline: unavailable longer than on", zh: "关闭的代价是离线时间：不可用的时间比开启时长", holds: ([a, b]) => b.unavailableTicks > a.unavailableTicks },
    ],
    script: `
title en Unclean leader election on or off
title zh unclean leader 选举：开启还是关闭
caption en m1 is on all three replicas. Then b2 is stuck and leaves the ISR, and m2, m3 are committed on b0 and b1 only.
caption zh m1 在全部三个副本上。然后 b2 卡住并离开 ISR，m2、m3 只在 b0 和 b1 上提交。
config version=0.11 ${BASE}
produce count=1 acks=all
step 20
fail 2 stuck
step 120
produce count=2 acks=all
step 20
check en b2 left the ISR: {0,1}
check zh b2 离开了 ISR：{0,1}
expect p0.isr == [0,1]
check en m1–m3 are committed (HW 3)
check zh m1–m3 已提交（HW 3）
expect p0.hw == 3
pause
caption en b0 and b1 crash; b2 comes back, with only m1. It is the only live replica, but not in the ISR.
caption zh b0 和 b1 宕机；b2 回来了，只有 m1。它是唯一存活的副本，但不在 ISR 中。
fail 0
fail 1
recover 2
step 20
pause
caption en On: the controller elects b2 anyway, the partition is available again, and the committed m2, m3 are lost. Off: the partition stays offline (leader -1) and loses nothing, waiting for an ISR member.
caption zh 开启：控制器仍然选 b2 为 leader，分区恢复可用，但已提交的 m2、m3 丢失了。关闭：分区保持离线（leader 为 -1），不丢任何数据，等待 ISR 成员回来。
step 100
produce count=1 acks=1
step 60
check en no committed record is lost
check zh 没有丢失已提交的消息
expect violations.committed-lost == 0
check en the out-of-sync b2 leads
check zh 不同步的 b2 成为 leader
expect p0.leader == 2
pause
caption en b1 returns. On: it truncates to the new leader's log, so m2, m3 are gone everywhere. Off: b1 becomes leader with m1–m3 intact; the time offline is the price.
caption zh b1 回来了。开启：它截断到新 leader 的日志，m2、m3 在所有副本上都消失了。关闭：b1 带着完整的 m1–m3 成为 leader；代价是离线的那段时间。
recover 1
step 150
check en b1 still has m1–m3
check zh b1 仍有 m1–m3
expect p0.b1.values == [1,2,3]
pause
`,
  },
];
