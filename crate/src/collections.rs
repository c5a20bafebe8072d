//! The core's containers. Two needs shape them:
//! - forks are cheap: the page keeps hundreds of copies of the cluster (`fork()`) to seek in its
//!   history, so the large sequences (logs, the invariant ledgers) live in chunks behind `Rc`
//!   that a copy shares until one side writes to them;
//! - the wasm module stays small: a sorted `Vec` map compiles to a few hundred bytes per key and
//!   value type, where every `BTreeMap` instantiation costs kilobytes. The maps of the model are
//!   small (brokers, replicas, epochs), so a binary search over a `Vec` is also faster.
//!
//! `VecMap` and `VecSet` hash as `BTreeMap` and `BTreeSet` do (length, then the elements in
//! order); `Chunked` hashes its layout too, which the same actions always reproduce.

use std::collections::VecDeque;
use std::rc::Rc;

/// Elements per chunk of a [`Chunked`]: a fork copies at most one partly filled chunk per
/// sequence when either side appends (12 KiB of records).
pub const CHUNK: usize = 1024;

/// A deque in fixed-size chunks shared between copies. Every chunk is full but the last; the
/// first `head` elements of the first chunk are gone (dropped from the front).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Chunked<T> {
    chunks: VecDeque<Rc<Vec<T>>>,
    head: usize,
    len: usize,
}

impl<T> Default for Chunked<T> {
    fn default() -> Self {
        Chunked { chunks: VecDeque::new(), head: 0, len: 0 }
    }
}

impl<T: Clone> Chunked<T> {
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn get(&self, i: usize) -> Option<&T> {
        if i >= self.len {
            return None;
        }
        let j = self.head + i;
        self.chunks[j / CHUNK].get(j % CHUNK)
    }

    /// Appends a chunk's worth at a time (the replication hot path).
    pub fn extend_from_slice(&mut self, mut xs: &[T]) {
        while !xs.is_empty() {
            if self.chunks.back().is_none_or(|c| c.len() == CHUNK) {
                self.chunks.push_back(Rc::new(Vec::with_capacity(CHUNK)));
            }
            // Copy-on-write: a chunk still shared with a fork is copied before it changes.
            let last = Rc::make_mut(self.chunks.back_mut().expect("a chunk with room was just ensured"));
            let n = (CHUNK - last.len()).min(xs.len());
            last.extend_from_slice(&xs[..n]);
            self.len += n;
            xs = &xs[n..];
        }
    }

    /// Drops the first `n` elements (all if fewer).
    pub fn pop_front_n(&mut self, n: usize) {
        if n >= self.len {
            self.clear();
            return;
        }
        self.len -= n;
        self.head += n;
        while self.head >= CHUNK {
            self.chunks.pop_front();
            self.head -= CHUNK;
        }
    }

    /// Keeps the first `len` elements.
    pub fn truncate(&mut self, len: usize) {
        if len >= self.len {
            return;
        }
        if len == 0 {
            self.clear();
            return;
        }
        let end = self.head + len;
        self.chunks.truncate(end.div_ceil(CHUNK));
        if end % CHUNK != 0 {
            Rc::make_mut(self.chunks.back_mut().expect("len > 0 keeps a chunk")).truncate(end % CHUNK);
        }
        self.len = len;
    }

    pub fn clear(&mut self) {
        self.chunks.clear();
        self.head = 0;
        self.len = 0;
    }

    /// The live part of chunk `k`.
    fn piece(&self, k: usize) -> &[T] {
        let c = &self.chunks[k][..];
        if k == 0 {
            &c[self.head..]
        } else {
            c
        }
    }

    /// The elements as contiguous slices, front to back (reversible).
    pub fn pieces(&self) -> impl DoubleEndedIterator<Item = &[T]> + '_ {
        (0..self.chunks.len()).map(move |k| self.piece(k))
    }

    /// The elements in `[from, to)` (clamped) as contiguous slices, each with the index of its
    /// first element.
    pub fn range(&self, from: usize, to: usize) -> impl Iterator<Item = (usize, &[T])> + '_ {
        let to = to.min(self.len);
        let mut from = from.min(to);
        std::iter::from_fn(move || {
            if from >= to {
                return None;
            }
            let j = self.head + from;
            let c = &self.chunks[j / CHUNK];
            let i = j % CHUNK;
            let n = (c.len() - i).min(to - from);
            let piece = (from, &c[i..i + n]);
            from += n;
            Some(piece)
        })
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &T> + '_ {
        self.pieces().flat_map(|p| p.iter())
    }
}

/// Insertion sort, for the model's short lists (an ISR, a partition's LEOs): the standard sorts
/// compile to kilobytes per element type.
pub fn sort_small<T: Ord>(v: &mut [T]) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && v[j - 1] > v[j] {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// A map kept as a `Vec` sorted by key: `BTreeMap`'s interface, for small maps.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct VecMap<K, V> {
    entries: Vec<(K, V)>,
}

impl<K, V> Default for VecMap<K, V> {
    fn default() -> Self {
        VecMap { entries: Vec::new() }
    }
}

impl<K: Ord, V> VecMap<K, V> {
    pub fn new() -> Self {
        Self::default()
    }

    fn find(&self, k: &K) -> Result<usize, usize> {
        self.entries.binary_search_by(|(e, _)| e.cmp(k))
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn get(&self, k: &K) -> Option<&V> {
        self.find(k).ok().map(|i| &self.entries[i].1)
    }

    pub fn get_mut(&mut self, k: &K) -> Option<&mut V> {
        self.find(k).ok().map(|i| &mut self.entries[i].1)
    }

    pub fn contains_key(&self, k: &K) -> bool {
        self.find(k).is_ok()
    }

    /// Inserts or replaces; returns the value replaced.
    pub fn insert(&mut self, k: K, v: V) -> Option<V> {
        match self.find(&k) {
            Ok(i) => Some(std::mem::replace(&mut self.entries[i].1, v)),
            Err(i) => {
                self.entries.insert(i, (k, v));
                None
            }
        }
    }

    pub fn remove(&mut self, k: &K) -> Option<V> {
        self.find(k).ok().map(|i| self.entries.remove(i).1)
    }

    /// The value at `k`, inserted with `f()` if absent (`entry(k).or_insert_with(f)`).
    pub fn get_or_insert_with(&mut self, k: K, f: impl FnOnce() -> V) -> &mut V {
        let i = match self.find(&k) {
            Ok(i) => i,
            Err(i) => {
                self.entries.insert(i, (k, f()));
                i
            }
        };
        &mut self.entries[i].1
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&K, &V)> + '_ {
        self.entries.iter().map(|(k, v)| (k, v))
    }

    pub fn iter_mut(&mut self) -> impl Iterator<Item = (&K, &mut V)> + '_ {
        self.entries.iter_mut().map(|(k, v)| (&*k, v))
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &K> + '_ {
        self.entries.iter().map(|(k, _)| k)
    }

    pub fn values(&self) -> impl DoubleEndedIterator<Item = &V> + '_ {
        self.entries.iter().map(|(_, v)| v)
    }

    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut V> + '_ {
        self.entries.iter_mut().map(|(_, v)| v)
    }

    pub fn last_key_value(&self) -> Option<(&K, &V)> {
        self.entries.last().map(|(k, v)| (k, v))
    }

    /// The entry with the smallest key above `k` (`range(k+1..).next()`).
    pub fn first_above(&self, k: &K) -> Option<(&K, &V)> {
        let i = self.find(k).map_or_else(|i| i, |i| i + 1);
        self.entries.get(i).map(|(k, v)| (k, v))
    }

    /// The entry with the largest key at or below `k` (`range(..=k).next_back()`).
    pub fn last_at_or_below(&self, k: &K) -> Option<(&K, &V)> {
        let i = self.find(k).map_or_else(|i| i, |i| i + 1);
        i.checked_sub(1).map(|i| (&self.entries[i].0, &self.entries[i].1))
    }

    pub fn retain(&mut self, mut f: impl FnMut(&K, &mut V) -> bool) {
        self.entries.retain_mut(|(k, v)| f(k, v));
    }

    pub fn clear(&mut self) {
        self.entries.clear();
    }
}

impl<K: Ord, V> FromIterator<(K, V)> for VecMap<K, V> {
    /// Later pairs replace earlier ones with the same key, as in `BTreeMap`.
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        let mut m = VecMap::new();
        for (k, v) in iter {
            m.insert(k, v);
        }
        m
    }
}

impl<'a, K, V> IntoIterator for &'a VecMap<K, V> {
    type Item = &'a (K, V);
    type IntoIter = std::slice::Iter<'a, (K, V)>;

    fn into_iter(self) -> Self::IntoIter {
        self.entries.iter()
    }
}

/// Written as an object (the scenario view's options).
impl<V: serde::Serialize> serde::Serialize for VecMap<String, V> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.entries.iter().map(|(k, v)| (k, v)))
    }
}

impl<K: Ord, V> std::ops::Index<&K> for VecMap<K, V> {
    type Output = V;

    fn index(&self, k: &K) -> &V {
        self.get(k).expect("no entry for this key")
    }
}

/// A [`VecMap`] keyed by small integers (partition ids) with an index from key to position: a
/// lookup is one load where a binary search touched several entries hundreds of bytes apart (a
/// broker of 32 × 256 at RF 32 hosts 256 replicas; those probes missed the cache, issue #17).
/// Compares and hashes as its `VecMap`: the index is derived from it.
#[derive(Clone, Debug)]
pub struct DenseMap<V> {
    map: VecMap<u32, V>,
    /// Key → position in `map`; [`DenseMap::ABSENT`] for a key it lacks.
    slots: Vec<u32>,
}

impl<V> Default for DenseMap<V> {
    fn default() -> Self {
        DenseMap { map: VecMap::new(), slots: Vec::new() }
    }
}

impl<V: PartialEq> PartialEq for DenseMap<V> {
    fn eq(&self, other: &Self) -> bool {
        self.map == other.map
    }
}

impl<V: Eq> Eq for DenseMap<V> {}

impl<V: std::hash::Hash> std::hash::Hash for DenseMap<V> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.map.hash(state);
    }
}

impl<V> DenseMap<V> {
    const ABSENT: u32 = u32::MAX;

    fn position(&self, k: u32) -> Option<usize> {
        self.slots.get(k as usize).filter(|&&i| i != Self::ABSENT).map(|&i| i as usize)
    }

    /// Rebuilds the index after an insertion moved the entries.
    fn reindex(&mut self) {
        let top = self.map.last_key_value().map_or(0, |(k, _)| *k as usize + 1);
        self.slots.clear();
        self.slots.resize(top, Self::ABSENT);
        for (i, k) in self.map.keys().enumerate() {
            self.slots[*k as usize] = i as u32;
        }
    }

    pub fn get(&self, k: &u32) -> Option<&V> {
        self.position(*k).map(|i| &self.map.entries[i].1)
    }

    pub fn get_mut(&mut self, k: &u32) -> Option<&mut V> {
        self.position(*k).map(|i| &mut self.map.entries[i].1)
    }

    /// The value at `k`, inserted with `f()` if absent.
    pub fn get_or_insert_with(&mut self, k: u32, f: impl FnOnce() -> V) -> &mut V {
        if self.position(k).is_none() {
            self.map.insert(k, f());
            self.reindex();
        }
        self.get_mut(&k).expect("present or just inserted")
    }

    pub fn values(&self) -> impl DoubleEndedIterator<Item = &V> + '_ {
        self.map.values()
    }

    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut V> + '_ {
        self.map.values_mut()
    }
}

impl<V> FromIterator<(u32, V)> for DenseMap<V> {
    fn from_iter<I: IntoIterator<Item = (u32, V)>>(iter: I) -> Self {
        let mut m = DenseMap { map: iter.into_iter().collect(), slots: Vec::new() };
        m.reindex();
        m
    }
}

impl<V> std::ops::Index<&u32> for DenseMap<V> {
    type Output = V;

    fn index(&self, k: &u32) -> &V {
        self.get(k).expect("no entry for this key")
    }
}

/// A set kept as a sorted `Vec`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct VecSet<K> {
    items: Vec<K>,
}

impl<K> Default for VecSet<K> {
    fn default() -> Self {
        VecSet { items: Vec::new() }
    }
}

impl<K: Ord> VecSet<K> {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    pub fn contains(&self, k: &K) -> bool {
        self.items.binary_search(k).is_ok()
    }

    /// Returns whether it was absent.
    pub fn insert(&mut self, k: K) -> bool {
        match self.items.binary_search(&k) {
            Ok(_) => false,
            Err(i) => {
                self.items.insert(i, k);
                true
            }
        }
    }

    /// Returns whether it was present.
    pub fn remove(&mut self, k: &K) -> bool {
        match self.items.binary_search(k) {
            Ok(i) => {
                self.items.remove(i);
                true
            }
            Err(_) => false,
        }
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &K> + '_ {
        self.items.iter()
    }

    pub fn retain(&mut self, f: impl FnMut(&K) -> bool) {
        self.items.retain(f);
    }

    pub fn clear(&mut self) {
        self.items.clear();
    }
}

impl<K: Ord> FromIterator<K> for VecSet<K> {
    fn from_iter<I: IntoIterator<Item = K>>(iter: I) -> Self {
        let mut s = VecSet::new();
        for k in iter {
            s.insert(k);
        }
        s
    }
}

/// Entries a [`LedgerMap`] collects before merging them into its shared part.
const LEDGER_MERGE: usize = 1024;

/// A large ordered map that forks share: the bulk is a sorted [`Chunked`] sequence, new entries
/// collect in a small [`VecMap`] and are merged in every [`LEDGER_MERGE`] inserts. The keys of the
/// ledgers mostly grow (offsets, message ids), so a merge usually appends, and copies share every
/// older chunk. At a merge the smallest keys beyond `CAP` are dropped (between merges it may hold
/// up to `CAP + LEDGER_MERGE`). A recent entry replaces a shared one with the same key.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LedgerMap<K, V, const CAP: usize> {
    shared: Chunked<(K, V)>,
    recent: VecMap<K, V>,
}

impl<K, V, const CAP: usize> Default for LedgerMap<K, V, CAP> {
    fn default() -> Self {
        LedgerMap { shared: Chunked::default(), recent: VecMap::default() }
    }
}

impl<K: Ord + Copy, V: Clone, const CAP: usize> LedgerMap<K, V, CAP> {
    /// The index of the first shared entry whose key is not below `k`.
    fn shared_at(&self, k: &K) -> usize {
        let (mut lo, mut hi) = (0, self.shared.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            if self.shared.get(mid).is_some_and(|(e, _)| e < k) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        lo
    }

    pub fn get(&self, k: &K) -> Option<&V> {
        self.recent.get(k).or_else(|| self.shared.get(self.shared_at(k)).filter(|(e, _)| e == k).map(|(_, v)| v))
    }

    pub fn insert(&mut self, k: K, v: V) {
        self.recent.insert(k, v);
        if self.recent.len() >= LEDGER_MERGE {
            self.merge();
        }
    }

    fn merge(&mut self) {
        let recent = std::mem::take(&mut self.recent).entries;
        let first = recent.first().map(|(k, _)| *k);
        let ascending = match (self.shared.iter().next_back(), first) {
            (Some((last, _)), Some(first)) => *last < first,
            _ => true,
        };
        if ascending {
            self.shared.extend_from_slice(&recent);
        } else {
            // Rare (a key reused after a truncation, a late acknowledgement): rebuild.
            let mut merged: Vec<(K, V)> = Vec::with_capacity(self.shared.len() + recent.len());
            let mut old = self.shared.iter().peekable();
            for (k, v) in recent {
                while let Some((ok, ov)) = old.next_if(|(ok, _)| *ok <= k) {
                    if *ok < k {
                        merged.push((*ok, ov.clone()));
                    }
                }
                merged.push((k, v));
            }
            merged.extend(old.cloned());
            self.shared.clear();
            self.shared.extend_from_slice(&merged);
        }
        self.shared.pop_front_n(self.shared.len().saturating_sub(CAP));
    }

    pub fn clear(&mut self) {
        self.shared.clear();
        self.recent.clear();
    }

    /// The entries held, counting a recent entry that replaces a shared one twice (what memory
    /// holds until the next merge).
    pub fn held(&self) -> usize {
        self.shared.len() + self.recent.len()
    }

    /// Every entry in key order.
    pub fn entries(&self) -> Vec<(K, &V)> {
        self.entries_after(0, None)
    }

    /// The last entry with a key below `from`, if any, then every entry from `from` on, in key
    /// order (a view's window: an entry is a range starting at its key).
    pub fn tail_from(&self, from: &K) -> Vec<(K, &V)> {
        let i = self.shared_at(from);
        let before = self.shared.get(i.wrapping_sub(1)).map(|(k, _)| *k);
        let recent_before = self.recent.iter().map(|(k, _)| *k).filter(|k| k < from).last();
        let start = before.max(recent_before);
        self.entries_after(start.map_or(i, |s| self.shared_at(&s)), start.as_ref().or(Some(from)))
    }

    /// The shared entries from index `shared_from` merged with the recent ones at or above `min`.
    fn entries_after(&self, shared_from: usize, min: Option<&K>) -> Vec<(K, &V)> {
        let mut out: Vec<(K, &V)> = Vec::new();
        let mut recent = self.recent.iter().filter(|(k, _)| min.is_none_or(|m| *k >= m)).peekable();
        for (k, v) in self.shared.range(shared_from, self.shared.len()).flat_map(|(_, piece)| piece.iter()) {
            while let Some((rk, rv)) = recent.next_if(|(rk, _)| *rk <= k) {
                out.push((*rk, rv));
            }
            if out.last().is_none_or(|(last, _)| last != k) {
                out.push((*k, v));
            }
        }
        out.extend(recent.map(|(k, v)| (*k, v)));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunked_matches_a_vecdeque_and_forks_share_chunks() {
        let mut a: Chunked<u32> = Chunked::default();
        let mut model: VecDeque<u32> = VecDeque::new();
        let mut next = 0u32;
        // A fixed walk through appends, front drops and truncations across chunk boundaries.
        for (i, step) in [700usize, 900, 50, 3000, 10, 1500, 2048, 1, 5000].iter().enumerate() {
            let xs: Vec<u32> = (next..next + *step as u32).collect();
            next += *step as u32;
            a.extend_from_slice(&xs);
            model.extend(&xs);
            if i % 2 == 0 {
                let n = step / 3;
                a.pop_front_n(n);
                model.drain(..n.min(model.len()));
            } else {
                let keep = model.len() - step / 4;
                a.truncate(keep);
                model.truncate(keep);
            }
            assert_eq!(a.len(), model.len());
            assert!(a.iter().eq(model.iter()));
            assert!(a.iter().rev().eq(model.iter().rev()));
            let (from, to) = (model.len() / 3, model.len() / 3 * 2 + 7);
            for (start, piece) in a.range(from, to) {
                assert!(piece.iter().eq(model.range(start..start + piece.len())), "range({from}, {to}) at {start}");
            }
            let total: usize = a.range(from, to).map(|(_, p)| p.len()).sum();
            assert_eq!(total, to.min(model.len()) - from);
        }
        let fork = a.clone();
        assert!(Rc::ptr_eq(&fork.chunks[0], &a.chunks[0]), "a fork shares its chunks");
        a.extend_from_slice(&[1]);
        assert_eq!(fork.len() + 1, a.len());
        assert!(fork.iter().eq(model.iter()), "writing to one copy leaves the other as it was");
    }

    #[test]
    fn ledger_map_tail_starts_at_the_entry_overlapping_its_start() {
        let mut m: LedgerMap<u64, u32, 100_000> = LedgerMap::default();
        for k in (0..3000).step_by(10) {
            m.insert(k, k as u32);
        }
        let keys = |v: Vec<(u64, &u32)>| v.into_iter().map(|(k, _)| k).collect::<Vec<_>>();
        assert_eq!(keys(m.tail_from(&2975)), vec![2970, 2980, 2990]);
        assert_eq!(keys(m.tail_from(&2980)), vec![2970, 2980, 2990]);
        assert_eq!(keys(m.tail_from(&0)), keys(m.entries()));
        assert_eq!(keys(m.tail_from(&5000)), vec![2990]);
    }

    #[test]
    fn ledger_map_keeps_the_newest_value_and_the_largest_keys() {
        let mut m: LedgerMap<u64, u32, 2000> = LedgerMap::default();
        let mut model = std::collections::BTreeMap::new();
        for i in 0..5000u64 {
            // Mostly ascending keys, with some rewrites of recent ones.
            let k = if i % 7 == 0 { i.saturating_sub(3) } else { i };
            m.insert(k, i as u32);
            model.insert(k, i as u32);
            while model.len() > 2000 + LEDGER_MERGE {
                model.pop_first();
            }
        }
        let fork = m.clone();
        for (k, v) in m.entries() {
            assert_eq!(model.get(&k), Some(v), "key {k}");
            assert_eq!(fork.get(&k), Some(v));
        }
        assert!(m.entries().windows(2).all(|w| w[0].0 < w[1].0), "in key order, no key twice");
        assert!(m.entries().len() <= 2000 + LEDGER_MERGE && m.entries().len() >= 2000);
        assert_eq!(m.get(&4999), Some(&4999));
    }

    #[test]
    fn vec_map_behaves_like_a_btree_map() {
        let mut m: VecMap<u32, &str> = VecMap::new();
        assert_eq!(m.insert(3, "c"), None);
        assert_eq!(m.insert(1, "a"), None);
        assert_eq!(m.insert(3, "C"), Some("c"));
        *m.get_or_insert_with(2, || "b") = "B";
        assert_eq!(m.iter().map(|(k, v)| (*k, *v)).collect::<Vec<_>>(), vec![(1, "a"), (2, "B"), (3, "C")]);
        assert_eq!(m.remove(&1), Some("a"));
        assert_eq!((m.iter().next(), m[&3]), (Some((&2, &"B")), "C"));
        let s: VecSet<u32> = [5, 1, 5, 3].into_iter().collect();
        let mut v = vec![4, 1, 3, 1, 9, 0];
        sort_small(&mut v);
        assert_eq!(v, vec![0, 1, 1, 3, 4, 9]);
        assert_eq!(s.iter().copied().collect::<Vec<_>>(), vec![1, 3, 5]);
    }

    #[test]
    fn dense_map_finds_what_its_vec_map_holds_and_hashes_as_it() {
        use std::hash::{DefaultHasher, Hash, Hasher};
        let mut d: DenseMap<&str> = [(4, "d"), (1, "a")].into_iter().collect();
        *d.get_or_insert_with(2, || "b") = "B";
        *d.get_or_insert_with(4, || "x") = "D";
        let m: VecMap<u32, &str> = [(1, "a"), (2, "B"), (4, "D")].into_iter().collect();
        assert_eq!((d.get(&1), d.get(&2), d.get(&3), d.get(&9), d[&4]), (Some(&"a"), Some(&"B"), None, None, "D"));
        assert!(d.values().eq(m.values()));
        let hash = |x: &dyn Fn(&mut DefaultHasher)| {
            let mut h = DefaultHasher::new();
            x(&mut h);
            h.finish()
        };
        assert_eq!(hash(&|h| d.hash(h)), hash(&|h| m.hash(h)), "a DenseMap hashes as its VecMap");
    }
}
