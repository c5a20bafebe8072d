//! The core's phases (a step's message deliveries and invariant checks), reported to a probe that
//! the wasm layer installs while a handle's debug option is on: it turns them into User Timing
//! measures for the browser's performance panel. Without a probe a phase costs one check.

use std::cell::Cell;

/// Called with a phase's name when it starts (`true`) and ends (`false`).
pub type Probe = fn(&'static str, bool);

thread_local! {
    static PROBE: Cell<Option<Probe>> = const { Cell::new(None) };
}

/// Installs `probe` (None: removes it); returns the previous one.
pub fn set_probe(probe: Option<Probe>) -> Option<Probe> {
    PROBE.with(|p| p.replace(probe))
}

/// A phase in progress: reported to the probe when made and when dropped.
pub struct Span(&'static str, Probe);

pub fn span(name: &'static str) -> Option<Span> {
    let probe = PROBE.with(Cell::get)?;
    probe(name, true);
    Some(Span(name, probe))
}

impl Drop for Span {
    fn drop(&mut self) {
        (self.1)(self.0, false);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        static SEEN: std::cell::RefCell<Vec<(&'static str, bool)>> = const { std::cell::RefCell::new(Vec::new()) };
    }

    #[test]
    fn a_probe_sees_each_phase_begin_and_end() {
        let mut c = crate::Cluster::new(crate::Config::default()).unwrap();
        c.step(1).unwrap();
        assert!(SEEN.with(|s| s.borrow().is_empty()), "no probe, no report");
        set_probe(Some(|name, start| SEEN.with(|s| s.borrow_mut().push((name, start)))));
        c.step(2).unwrap();
        set_probe(None);
        let seen = SEEN.with(|s| s.take());
        let one_tick = [("deliveries", true), ("deliveries", false), ("invariants", true), ("invariants", false)];
        assert_eq!(seen, [one_tick, one_tick].concat());
    }
}
