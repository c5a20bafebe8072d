//! The only file that knows about JavaScript: a `Cluster` handle over the pure core. Arguments are
//! converted to [`Value`]s and validated by the core, so every bad call becomes a JS `Error` that
//! names the argument and changes nothing.
//!
//! No JS exception may unwind through wasm: it skips Rust's clean-up (a handle stays borrowed for
//! good, the shadow stack leaks until the module traps). So every JS call that can run user code
//! (a getter, a Proxy trap) is imported with `catch`, and the handle's methods take `&self`, with
//! the state in a `RefCell` entered once per call: a call made from inside another call's argument
//! conversion is refused with an Error instead of failing wasm-bindgen's borrow (which throws).

use crate::api::{bool_arg, check_keys, int_arg, int_list_arg, ApiError, Value};
use crate::cluster::{Cluster as Core, MAX_STEP_TICKS};
use crate::faults::FailKind;
use crate::json::{to_json, ToJson};
use crate::producer::ProduceArgs;
use crate::scenario::{check, lookup, Expectation, Script};
use crate::snapshot::{SNAPSHOT_RECORDS_MAX, SNAPSHOT_REQUESTS_MAX};
use std::cell::{RefCell, RefMut};
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

/// One JSON text per call, parsed by the engine: far fewer boundary crossings than building the
/// object a field at a time (see `json`).
fn to_js<T: ToJson + ?Sized>(v: &T) -> Result<JsValue, JsError> {
    js_sys::JSON::parse(&to_json(v)).map_err(|_| JsError::new("internal error: the core wrote invalid JSON"))
}

struct ExpectResult {
    ok: bool,
    actual: String,
    expectation: String,
}
crate::json_object!(ExpectResult { "ok" => ok, "actual" => actual, "expectation" => expectation });

/// `parseScenario(text)` → the commands as plain data (`LineView`s); a parse error throws with
/// its line and column.
#[wasm_bindgen(js_name = parseScenario)]
pub fn parse_scenario(text: JsValue) -> Result<JsValue, JsError> {
    let text = text.as_string().ok_or_else(|| js_error(ApiError::new("text", "must be a string: the scenario script")))?;
    let script = Script::parse(&text).map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&script.views())
}

#[wasm_bindgen]
pub struct Cluster {
    core: RefCell<Core>,
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
    pub fn new(config: JsValue) -> Result<Cluster, JsError> {
        console_error_panic_hook::set_once();
        let core = Core::from_pairs(&pairs("config", &config)?).map_err(js_error)?;
        Ok(Cluster { core: RefCell::new(core) })
    }

    /// `Cluster.schema()`: every config key (kind, range, choices, Kafka name), each version's
    /// defaults, the violation kinds and the event kinds with their meaning (see `schema`).
    pub fn schema() -> Result<JsValue, JsError> {
        to_js(&crate::schema::schema())
    }

    /// Advances `ticks` ticks (default 1) and returns their events; with `{ events: false }`
    /// records none and returns `[]` (a faster replay of known history).
    pub fn step(&self, ticks: JsValue, options: JsValue) -> Result<JsValue, JsError> {
        let mut core = self.enter("step")?;
        let n = match value(&ticks) {
            Value::Null => 1,
            v => int_arg("ticks", &v, 1, MAX_STEP_TICKS).map_err(js_error)?,
        };
        let opts = pairs("options", &options)?;
        check_keys("step", &opts, &["events"]).map_err(js_error)?;
        let events = match opts.first() {
            Some((_, v)) => bool_arg("events", v).map_err(js_error)?,
            None => true,
        };
        if events {
            to_js(&core.step(n).map_err(js_error)?)
        } else {
            core.step_quiet(n).map_err(js_error)?;
            Ok(js_sys::Array::new().into())
        }
    }

    /// `produce({ partition, count, acks })` → request id.
    pub fn produce(&self, args: JsValue) -> Result<u32, JsError> {
        let mut core = self.enter("produce")?;
        let args = ProduceArgs::from_pairs(&pairs("produce", &args)?).map_err(js_error)?;
        core.produce(args).map_err(js_error)
    }

    /// `fail(broker, kind = "crash", options)`: kind "crash" ({lossy}), "stuck", "slow"
    /// ({delayMs}) or "isolated" ({zookeeper}).
    pub fn fail(&self, broker: JsValue, kind: JsValue, options: JsValue) -> Result<(), JsError> {
        let mut core = self.enter("fail")?;
        let b = int_arg("broker", &value(&broker), 0, u32::MAX as u64).map_err(js_error)?;
        let kind = FailKind::from_args(&value(&kind), &pairs("options", &options)?).map_err(js_error)?;
        core.fail(b as u32, kind).map_err(js_error)
    }

    /// Cuts the link between brokers `a` and `b`.
    pub fn cut(&self, a: JsValue, b: JsValue) -> Result<(), JsError> {
        let mut core = self.enter("cut")?;
        let (a, b) = (broker_arg("a", &a)?, broker_arg("b", &b)?);
        core.cut(a, b).map_err(js_error)
    }

    pub fn heal(&self, a: JsValue, b: JsValue) -> Result<(), JsError> {
        let mut core = self.enter("heal")?;
        let (a, b) = (broker_arg("a", &a)?, broker_arg("b", &b)?);
        core.heal(a, b).map_err(js_error)
    }

    /// Reassignment: adds a replica of `partition` on `broker` (it joins the ISR once caught up).
    #[wasm_bindgen(js_name = addReplica)]
    pub fn add_replica(&self, partition: JsValue, broker: JsValue) -> Result<(), JsError> {
        let mut core = self.enter("addReplica")?;
        let p = int_arg("partition", &value(&partition), 0, u32::MAX as u64).map_err(js_error)? as u32;
        core.add_replica(p, broker_arg("broker", &broker)?).map_err(js_error)
    }

    /// `reassign(partition, replicas)` (`kafka-reassign-partitions.sh --execute`): the replicas
    /// become `replicas`, in order (KIP-455: adding replicas join first, then the removed ones go).
    pub fn reassign(&self, partition: JsValue, replicas: JsValue) -> Result<(), JsError> {
        let mut core = self.enter("reassign")?;
        let p = int_arg("partition", &value(&partition), 0, u32::MAX as u64).map_err(js_error)? as u32;
        let rs = int_list_arg("replicas", &value(&replicas), 0, u32::MAX as u64).map_err(js_error)?;
        core.reassign(p, rs.into_iter().map(|b| b as u32).collect()).map_err(js_error)
    }

    /// `electLeaders({ type: "preferred" | "unclean", partitions? })` (`kafka-leader-election.sh`)
    /// → `[{ partition, error }]`, error null when elected (ELECTION_NOT_NEEDED, …).
    #[wasm_bindgen(js_name = electLeaders)]
    pub fn elect_leaders(&self, options: JsValue) -> Result<JsValue, JsError> {
        let mut core = self.enter("electLeaders")?;
        let (kind, partitions) = crate::elections::elect_args(&pairs("options", &options)?).map_err(js_error)?;
        to_js(&core.elect_leaders(kind, partitions).map_err(js_error)?)
    }

    /// The network drops the next message of this kind ("Fetch", "FetchResponse", …).
    #[wasm_bindgen(js_name = dropNext)]
    pub fn drop_next(&self, kind: JsValue) -> Result<(), JsError> {
        self.enter("dropNext")?.drop_next(&value(&kind)).map_err(js_error)
    }

    /// Undoes `fail`.
    pub fn recover(&self, broker: JsValue) -> Result<(), JsError> {
        let mut core = self.enter("recover")?;
        core.recover(broker_arg("broker", &broker)?).map_err(js_error)
    }

    /// The state for the views. `snapshot({ records: N, requests: M })` keeps at most the last N
    /// records of each log (0..=200, default 200) and the latest M requests (default: all kept;
    /// `requestCounts` counts them all).
    pub fn snapshot(&self, options: JsValue) -> Result<JsValue, JsError> {
        let core = self.enter("snapshot")?;
        let opts = pairs("options", &options)?;
        check_keys("snapshot", &opts, &["records", "requests"]).map_err(js_error)?;
        let (mut records, mut requests) = (SNAPSHOT_RECORDS_MAX, u64::MAX);
        for (k, v) in &opts {
            if k == "records" {
                records = int_arg("records", v, 0, SNAPSHOT_RECORDS_MAX).map_err(js_error)?;
            } else {
                requests = int_arg("requests", v, 0, SNAPSHOT_REQUESTS_MAX).map_err(js_error)?;
            }
        }
        to_js(&core.snapshot_with(records, requests))
    }

    /// Checks an expectation such as `"p0.hw >= 5"` (the scenario language's paths) →
    /// `{ ok, actual }`; a malformed one throws.
    pub fn expect(&self, text: JsValue) -> Result<JsValue, JsError> {
        let core = self.enter("expect")?;
        let text = text.as_string().ok_or_else(|| js_error(ApiError::new("expectation", "must be a string such as \"p0.hw >= 5\"")))?;
        let x = Expectation::parse(&text).map_err(|e| JsError::new(&format!("expectation: {}", e.message)))?;
        let ok = check(&core, &x).map_err(|m| JsError::new(&format!("expectation: {m}")))?;
        let actual = lookup(&core, &x.path).map(|v| v.to_string()).unwrap_or_default();
        to_js(&ExpectResult { ok, actual, expectation: x.to_string() })
    }

    /// An independent copy of the whole state (a checkpoint for time travel, or a compare pane):
    /// the copy continues exactly as the original would under the same actions.
    pub fn fork(&self) -> Result<Cluster, JsError> {
        Ok(Cluster { core: RefCell::new(self.enter("fork")?.clone()) })
    }

    /// A BigInt hash of the whole state, for determinism checks.
    #[wasm_bindgen(js_name = stateHash)]
    pub fn state_hash(&self) -> Result<u64, JsError> {
        Ok(self.enter("stateHash")?.state_hash())
    }

    /// The benchmark workload (see `Cluster::bench_workload`); returns records replicated.
    #[wasm_bindgen(js_name = benchWorkload)]
    pub fn bench_workload(&self, ticks: JsValue, records_per_tick: JsValue) -> Result<f64, JsError> {
        let mut core = self.enter("benchWorkload")?;
        let t = int_arg("ticks", &value(&ticks), 1, 10_000_000).map_err(js_error)?;
        let r = int_arg("recordsPerTick", &value(&records_per_tick), 1, 100_000).map_err(js_error)?;
        Ok(core.bench_workload(t, r as u32).map_err(js_error)? as f64)
    }
}
