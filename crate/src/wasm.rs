//! The only file that knows about JavaScript: a `Cluster` handle over the pure core. Arguments are
//! converted to [`Value`]s and validated by the core, so every bad call becomes a JS `Error` that
//! names the argument and changes nothing.
//!
//! No JS exception may unwind through wasm: it skips Rust's clean-up (a handle stays borrowed for
//! good, the shadow stack leaks until the module traps). So every JS call that can run user code
//! (a getter, a Proxy trap) is imported with `catch`, and the handle's methods take `&self`, with
//! the state in a `RefCell` entered once per call: a call made from inside another call's argument
//! conversion is refused with an Error instead of failing wasm-bindgen's borrow (which throws).

use crate::api::{bool_arg, from_options, int_arg, int_list_arg, ApiError, Value};
use crate::cluster::{Cluster as Core, MAX_STEP_TICKS};
use crate::faults::FailKind;
use crate::producer::ProduceArgs;
use crate::scenario::{holds, lookup, Expectation, Script, NEEDS_KRAFT};
use crate::snapshot::SnapshotOptions;
use std::cell::{Cell, RefCell, RefMut};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// `Object.entries`, caught: it runs getters and Proxy traps, which may throw.
    #[wasm_bindgen(catch, js_namespace = Object, js_name = entries)]
    fn object_entries(v: &JsValue) -> Result<js_sys::Array, JsValue>;
    /// `Array.from`, caught: it reads the elements (getters, Proxy traps) into a plain array.
    #[wasm_bindgen(catch, js_namespace = Array, js_name = from)]
    fn array_from(v: &JsValue) -> Result<js_sys::Array, JsValue>;
    /// `Array.isArray`, caught: it throws on a revoked Proxy.
    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    fn is_array(v: &JsValue) -> Result<bool, JsValue>;
    /// `String(e)`, caught: a thrown value's text for the message (its own toString may throw).
    #[wasm_bindgen(catch, js_name = String)]
    fn js_string(v: &JsValue) -> Result<String, JsValue>;
    /// `String(n)` of a number: JS's own shortest round-trip text (`api::number_text`).
    #[wasm_bindgen(js_name = String)]
    fn js_number_string(n: f64) -> String;
}

pub(crate) fn number_text(n: f64) -> String {
    js_number_string(n)
}

/// `JSON.stringify(s)` of a string: its quoting (`api::quoted`), without serde_json in the module.
pub(crate) fn json_string(s: &str) -> String {
    js_sys::JSON::stringify(&JsValue::from_str(s)).ok().and_then(|t| t.as_string()).unwrap_or_default()
}

fn js_error(e: ApiError) -> JsError {
    JsError::new(&e.to_string())
}

/// Arrays longer than this are not read (an argument lists a few ids).
const LIST_MAX: u32 = 10_000;

fn value(v: &JsValue) -> Value {
    // Only an object can be an array: a number or a string costs no call into JS.
    if v.is_object() && is_array(v) == Ok(true) {
        return list(v).unwrap_or_else(|| Value::Other("object".to_string()));
    }
    scalar(v)
}

/// An array's elements, one level deep (a nested array is an object), if it can be read.
fn list(v: &JsValue) -> Option<Value> {
    let len = js_sys::Reflect::get(v, &JsValue::from_str("length")).ok()?.as_f64()?;
    if len > f64::from(LIST_MAX) {
        return None;
    }
    Some(Value::List(array_from(v).ok()?.iter().map(|x| scalar(&x)).collect()))
}

fn scalar(v: &JsValue) -> Value {
    if v.is_null() || v.is_undefined() {
        Value::Null
    } else if let Some(n) = v.as_f64() {
        Value::Num(n)
    } else if let Some(s) = v.as_string() {
        Value::Str(s)
    } else if let Some(b) = v.as_bool() {
        Value::Bool(b)
    } else {
        Value::Other(v.js_typeof().as_string().unwrap_or_default())
    }
}

/// What a JS call threw, as an Error naming the argument whose reading threw it.
fn threw(name: &str, e: &JsValue) -> JsError {
    let text = js_string(e).unwrap_or_else(|_| "a value that cannot be printed".to_string());
    js_error(ApiError::new(name, format!("reading it threw {}", crate::api::quoted(&text))))
}

/// `{key: value, …}` (or undefined/null for none) → pairs.
fn pairs(name: &str, v: &JsValue) -> Result<Vec<(String, Value)>, JsError> {
    if v.is_null() || v.is_undefined() {
        return Ok(Vec::new());
    }
    if !v.is_object() || is_array(v).map_err(|e| threw(name, &e))? {
        return Err(js_error(ApiError::new(name, format!("must be an object of options, got {}", value(v)))));
    }
    // The entries are a plain array of [string, value] pairs that Object.entries made: reading
    // them runs no user code.
    Ok(object_entries(v)
        .map_err(|e| threw(name, &e))?
        .iter()
        .map(|entry| {
            let kv: js_sys::Array = entry.unchecked_into();
            (kv.get(0).as_string().unwrap_or_default(), value(&kv.get(1)))
        })
        .collect())
}

fn broker_arg(name: &str, v: &JsValue) -> Result<u32, JsError> {
    Ok(int_arg(name, &value(v), 0, u32::MAX as u64).map_err(js_error)? as u32)
}

/// An output as plain JS data, built by serde-wasm-bindgen: objects (not Maps) for maps, null
/// for `None`. Measured against serde_json's text and `JSON.parse`, it builds the per-frame
/// snapshot as fast on the default cluster and twice as fast on a large one (README, bench).
fn to_js<T: serde::Serialize + ?Sized>(v: &T) -> Result<JsValue, JsError> {
    let ser = serde_wasm_bindgen::Serializer::new().serialize_missing_as_null(true).serialize_maps_as_objects(true);
    v.serialize(&ser).map_err(|e| JsError::new(&format!("internal error: an output did not convert: {e}")))
}

/// `step(ticks, { events })`.
#[cfg_attr(target_arch = "wasm32", derive(tsify_next::Tsify))]
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct StepOptions {
    #[cfg_attr(target_arch = "wasm32", tsify(type = "boolean", optional))]
    events: Option<Value>,
}

#[derive(serde::Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct ExpectResult {
    ok: bool,
    actual: String,
    expectation: String,
    /// The path exists only in a KRaft preset and this cluster runs ZooKeeper mode: not held,
    /// `actual` empty (the page says so in its language).
    needs_kraft: bool,
}

/// The types the outputs' declarations (derived with tsify) refer to, and the arguments'. The
/// choices are checked against `Cluster.schema()` by tests/node/types.test.mjs.
#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &str = r#"
export type Tick = number;
export type BrokerId = number;
export type NodeId = number;
export type Offset = number;
export type Epoch = number;
export type VecMap<K extends string, V> = Record<K, V>;
/** A config or script value as given: a number, string, boolean, null or a list of them. */
export type Value = number | string | boolean | null | Value[];
export type Version = "0.8" | "0.11" | "2.8" | "3.7" | "4.0" | "4.2";
export type Truncation = "high-watermark" | "leader-epoch" | "kip-279";
export type IsrUpdate = "zookeeper" | "alter-partition";
export type Strategy = "isr" | "quorum";
/** As results give it; arguments also take -1 and the strings "-1", "0", "1". */
export type Acks = 0 | 1 | "all";
export type AcksArg = Acks | -1 | "-1" | "0" | "1";
export type FailKind = "crash" | "stuck" | "slow" | "isolated" | "shutdown";
/** An event's or violation's words as data (events.rs `Params`): `kind` names the page's
 * template (`ev.<kind>` in i18n), the other keys fill its slots. */
export type EventParam = number | string | number[] | EventParams | EventParams[];
export interface EventParams { kind: string; [field: string]: EventParam }
"#;

/// With debug on: a console warning for each violation a step found, and for dropped events.
fn warn_new(core: &Core, kept: usize, events: &[crate::events::Event]) {
    for v in core.violations.iter().skip(kept) {
        web_sys::console::warn_1(
            &format!("kafka-replication: violation {} on p{} at tick {}: {}", v.kind, v.partition, v.tick, v.text).into(),
        );
    }
    if let Some(e) = events.first().filter(|e| e.kind == "events-dropped") {
        web_sys::console::warn_1(&format!("kafka-replication: {}", e.text).into());
    }
}

/// `parseScenario(text)` → the commands as plain data (`LineView`s); a parse error throws with
/// its line and column.
#[wasm_bindgen(js_name = parseScenario, unchecked_return_type = "LineView[]")]
pub fn parse_scenario(#[wasm_bindgen(unchecked_param_type = "string")] text: JsValue) -> Result<JsValue, JsError> {
    let text = text.as_string().ok_or_else(|| js_error(ApiError::new("text", "must be a string: the scenario script")))?;
    let script = Script::parse(&text).map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&script.views())
}

#[wasm_bindgen]
pub struct Cluster {
    core: RefCell<Core>,
    /// `setDebug(true)`: User Timing measures of the core's phases, and console warnings.
    debug: Cell<bool>,
}

/// The User Timing names are these, prefixed: the phases of a `step` call, and `snapshot`.
const TIMING: &str = "kafka-replication:";
const PHASES: [&str; 4] = ["step", "deliveries", "invariants", "snapshot"];

/// `performance` of the global scope (a window, a worker or node), if there is one.
fn performance() -> Option<web_sys::Performance> {
    let p = js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("performance")).ok()?;
    p.is_object().then(|| p.unchecked_into())
}

/// A phase begins (a mark) or ends (a measure from that mark): the phases probe (`phases.rs`).
fn timing(phase: &'static str, start: bool) {
    let Some(p) = performance() else { return };
    let mark = format!("{TIMING}{phase}:start");
    // Neither throws for these names; a failure only loses the entry.
    let _ = if start { p.mark(&mark) } else { p.measure_with_start_mark(&format!("{TIMING}{phase}"), &mark).map(drop) };
}

/// Forgets this module's earlier marks and measures: the timeline buffer keeps the latest `step`
/// call's (a recording in DevTools keeps them all), so a long debug session does not grow it.
fn clear_timing() {
    let Some(p) = performance() else { return };
    for phase in PHASES {
        p.clear_measures_with_measure_name(&format!("{TIMING}{phase}"));
        p.clear_marks_with_mark_name(&format!("{TIMING}{phase}:start"));
    }
}

/// While alive, the core's phases are measured (the handle's debug option is on).
struct Timed(&'static str, Option<crate::phases::Probe>);

impl Timed {
    fn new(on: bool, phase: &'static str) -> Option<Timed> {
        on.then(|| {
            timing(phase, true);
            Timed(phase, crate::phases::set_probe(Some(timing)))
        })
    }
}

impl Drop for Timed {
    fn drop(&mut self) {
        crate::phases::set_probe(self.1);
        timing(self.0, false);
    }
}

impl Cluster {
    /// The state, for one call. Refused while another call on this handle is running: that is a
    /// call made by a getter or Proxy trap of the other call's arguments.
    fn enter(&self, method: &str) -> Result<RefMut<'_, Core>, JsError> {
        self.core.try_borrow_mut().map_err(|_| {
            js_error(ApiError::new(
                method,
                "re-entrant call refused: another call on this Cluster is reading its arguments (a getter or Proxy called back)",
            ))
        })
    }
}

#[wasm_bindgen]
impl Cluster {
    /// `new Cluster({ brokers, partitions, replicationFactor, seed, … })`; every key optional.
    #[wasm_bindgen(constructor)]
    pub fn new(#[wasm_bindgen(unchecked_optional_param_type = "Partial<Config>")] config: JsValue) -> Result<Cluster, JsError> {
        console_error_panic_hook::set_once();
        let core = Core::from_pairs(&pairs("config", &config)?).map_err(js_error)?;
        Ok(Cluster { core: RefCell::new(core), debug: Cell::new(false) })
    }

    /// `Cluster.schema()`: every config key (kind, range, choices, Kafka name), each version's
    /// defaults, the violation kinds and the event kinds with their meaning (see `schema`).
    #[wasm_bindgen(unchecked_return_type = "Schema")]
    pub fn schema() -> Result<JsValue, JsError> {
        to_js(&crate::schema::schema())
    }

    /// Advances `ticks` ticks (default 1) and returns their events; with `{ events: false }`
    /// records none and returns `[]` (a faster replay of known history).
    #[wasm_bindgen(unchecked_return_type = "Event[]")]
    pub fn step(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] ticks: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "StepOptions")] options: JsValue,
    ) -> Result<JsValue, JsError> {
        let mut core = self.enter("step")?;
        let n = match value(&ticks) {
            Value::Null => 1,
            v => int_arg("ticks", &v, 1, MAX_STEP_TICKS).map_err(js_error)?,
        };
        let opts: StepOptions = from_options("step", &pairs("options", &options)?).map_err(js_error)?;
        let events = opts.events.map_or(Ok(true), |v| bool_arg("events", &v)).map_err(js_error)?;
        let debug = self.debug.get();
        if debug {
            clear_timing();
        }
        let kept = core.violations.len();
        let timed = Timed::new(debug, "step");
        let result = if events { core.step(n).map_err(js_error)? } else { core.step_quiet(n).map(|()| Vec::new()).map_err(js_error)? };
        drop(timed);
        if debug {
            warn_new(&core, kept, &result);
        }
        to_js(&result)
    }

    /// `setDebug(on)`: with it on, each `step` and `snapshot` call leaves User Timing measures
    /// ("kafka-replication:step", ":deliveries" and ":invariants" per tick, ":snapshot") for the
    /// performance panel, and a step warns on the console of each violation it found.
    #[wasm_bindgen(js_name = setDebug)]
    pub fn set_debug(&self, #[wasm_bindgen(unchecked_param_type = "boolean")] on: JsValue) -> Result<(), JsError> {
        self.debug.set(bool_arg("on", &value(&on)).map_err(js_error)?);
        Ok(())
    }

    /// `produce({ partition, count, acks })` → request id.
    pub fn produce(&self, #[wasm_bindgen(unchecked_param_type = "ProduceOptions")] args: JsValue) -> Result<u32, JsError> {
        let mut core = self.enter("produce")?;
        let args = ProduceArgs::from_pairs(&pairs("produce", &args)?).map_err(js_error)?;
        core.produce(args).map_err(js_error)
    }

    /// `fail(broker, kind = "crash", options)`: kind "crash" ({lossy}), "stuck", "slow"
    /// ({delayMs}) or "isolated" ({zookeeper}).
    pub fn fail(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] broker: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "FailKind")] kind: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "FailOptions")] options: JsValue,
    ) -> Result<(), JsError> {
        let mut core = self.enter("fail")?;
        let b = int_arg("broker", &value(&broker), 0, u32::MAX as u64).map_err(js_error)?;
        let kind = FailKind::from_args(&value(&kind), &pairs("options", &options)?).map_err(js_error)?;
        core.fail(b as u32, kind).map_err(js_error)
    }

    /// Cuts the link between brokers `a` and `b`.
    pub fn cut(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] a: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] b: JsValue,
    ) -> Result<(), JsError> {
        let mut core = self.enter("cut")?;
        let (a, b) = (broker_arg("a", &a)?, broker_arg("b", &b)?);
        core.cut(a, b).map_err(js_error)
    }

    pub fn heal(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] a: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] b: JsValue,
    ) -> Result<(), JsError> {
        let mut core = self.enter("heal")?;
        let (a, b) = (broker_arg("a", &a)?, broker_arg("b", &b)?);
        core.heal(a, b).map_err(js_error)
    }

    /// Reassignment: adds a replica of `partition` on `broker` (it joins the ISR once caught up).
    #[wasm_bindgen(js_name = addReplica)]
    pub fn add_replica(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] partition: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] broker: JsValue,
    ) -> Result<(), JsError> {
        let mut core = self.enter("addReplica")?;
        let p = int_arg("partition", &value(&partition), 0, u32::MAX as u64).map_err(js_error)? as u32;
        core.add_replica(p, broker_arg("broker", &broker)?).map_err(js_error)
    }

    /// `reassign(partition, replicas)` (`kafka-reassign-partitions.sh --execute`): the replicas
    /// become `replicas`, in order (KIP-455: adding replicas join first, then the removed ones go).
    pub fn reassign(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] partition: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number[]")] replicas: JsValue,
    ) -> Result<(), JsError> {
        let mut core = self.enter("reassign")?;
        let p = int_arg("partition", &value(&partition), 0, u32::MAX as u64).map_err(js_error)? as u32;
        let rs = int_list_arg("replicas", &value(&replicas), 0, u32::MAX as u64).map_err(js_error)?;
        core.reassign(p, rs.into_iter().map(|b| b as u32).collect()).map_err(js_error)
    }

    /// `cancelReassignment(partition)` (`kafka-reassign-partitions.sh --cancel`): a running
    /// reassignment of `partition` is undone, back to its original replicas.
    #[wasm_bindgen(js_name = cancelReassignment)]
    pub fn cancel_reassignment(&self, #[wasm_bindgen(unchecked_param_type = "number")] partition: JsValue) -> Result<(), JsError> {
        let mut core = self.enter("cancelReassignment")?;
        let p = int_arg("partition", &value(&partition), 0, u32::MAX as u64).map_err(js_error)? as u32;
        core.cancel_reassignment(p).map_err(js_error)
    }

    /// `electLeaders({ type: "preferred" | "unclean", partitions? })` (`kafka-leader-election.sh`)
    /// → `[{ partition, error }]`, error null when elected (ELECTION_NOT_NEEDED, …).
    #[wasm_bindgen(js_name = electLeaders)]
    #[wasm_bindgen(unchecked_return_type = "ElectionResult[]")]
    pub fn elect_leaders(&self, #[wasm_bindgen(unchecked_param_type = "ElectOptions")] options: JsValue) -> Result<JsValue, JsError> {
        let mut core = self.enter("electLeaders")?;
        let (kind, partitions) = crate::elections::elect_args(&pairs("options", &options)?).map_err(js_error)?;
        to_js(&core.elect_leaders(kind, partitions).map_err(js_error)?)
    }

    /// The network drops the next message of this kind ("Fetch", "FetchResponse", …).
    #[wasm_bindgen(js_name = dropNext)]
    pub fn drop_next(&self, #[wasm_bindgen(unchecked_param_type = "string")] kind: JsValue) -> Result<(), JsError> {
        self.enter("dropNext")?.drop_next(&value(&kind)).map_err(js_error)
    }

    /// Undoes `fail`.
    pub fn recover(&self, #[wasm_bindgen(unchecked_param_type = "number")] broker: JsValue) -> Result<(), JsError> {
        let mut core = self.enter("recover")?;
        core.recover(broker_arg("broker", &broker)?).map_err(js_error)
    }

    /// The state for the views. `snapshot({ records: N, requests: M, metricsHistory: H })` keeps
    /// at most the last N records of each log (0..=200, default 200), the latest M requests
    /// (default: all kept; `requestCounts` counts them all) and the last H per-tick metrics
    /// samples (0..=300, default 0).
    #[wasm_bindgen(unchecked_return_type = "Snapshot")]
    pub fn snapshot(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "SnapshotOptions")] options: JsValue,
    ) -> Result<JsValue, JsError> {
        let core = self.enter("snapshot")?;
        let opts: SnapshotOptions = from_options("snapshot", &pairs("options", &options)?).map_err(js_error)?;
        let (records, requests, history) = opts.limits().map_err(js_error)?;
        let _timed = Timed::new(self.debug.get(), "snapshot");
        to_js(&core.snapshot_with_history(records, requests, history))
    }

    /// Checks an expectation such as `"p0.hw >= 5"` (the scenario language's paths) →
    /// `{ ok, actual, needsKraft }`; a malformed one throws.
    #[wasm_bindgen(unchecked_return_type = "ExpectResult")]
    pub fn expect(&self, #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue) -> Result<JsValue, JsError> {
        let core = self.enter("expect")?;
        let text = text.as_string().ok_or_else(|| js_error(ApiError::new("expectation", "must be a string such as \"p0.hw >= 5\"")))?;
        let x = Expectation::parse(&text).map_err(|e| JsError::new(&format!("expectation: {}", e.message)))?;
        let actual = match lookup(&core, &x.path) {
            Ok(actual) => actual,
            Err(m) if m.ends_with(NEEDS_KRAFT) => {
                return to_js(&ExpectResult { ok: false, actual: String::new(), expectation: x.to_string(), needs_kraft: true });
            }
            Err(m) => return Err(JsError::new(&format!("expectation: {m}"))),
        };
        let ok = holds(&actual, &x).map_err(|m| JsError::new(&format!("expectation: {m}")))?;
        to_js(&ExpectResult { ok, actual: actual.to_string(), expectation: x.to_string(), needs_kraft: false })
    }

    /// An independent copy of the whole state (a checkpoint for time travel, or a compare pane):
    /// the copy continues exactly as the original would under the same actions.
    pub fn fork(&self) -> Result<Cluster, JsError> {
        let core = self.enter("fork")?.clone();
        Ok(Cluster { core: RefCell::new(core), debug: Cell::new(self.debug.get()) })
    }

    /// A BigInt hash of the whole state, for determinism checks.
    #[wasm_bindgen(js_name = stateHash)]
    pub fn state_hash(&self) -> Result<u64, JsError> {
        Ok(self.enter("stateHash")?.state_hash())
    }

    /// The benchmark workload (see `Cluster::bench_workload`); returns records replicated.
    #[wasm_bindgen(js_name = benchWorkload)]
    pub fn bench_workload(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] ticks: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] records_per_tick: JsValue,
    ) -> Result<f64, JsError> {
        let mut core = self.enter("benchWorkload")?;
        let t = int_arg("ticks", &value(&ticks), 1, 10_000_000).map_err(js_error)?;
        let r = int_arg("recordsPerTick", &value(&records_per_tick), 1, 100_000).map_err(js_error)?;
        Ok(core.bench_workload(t, r as u32).map_err(js_error)? as f64)
    }
}
