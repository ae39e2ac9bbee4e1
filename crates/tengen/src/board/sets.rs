//! The bit-set kernels of the liberty tests, portable and AVX2, and the run-time CPU detection
//! that chooses between them.
//!
//! The hot paths test "chain set AND empty set is all zeros" (no liberty) and the same with
//! one bit left out (no liberty but the move's point). Written by hand because LLVM, left
//! alone, vectorises the four-neighbour capture test across the neighbours, with a shuffle per
//! word, instead of along each set.
//!
//! [`with_kernel`] runs a [`KernelUser`] with the best kernel this CPU has: [`Avx2Sets`] inside
//! a function compiled for x86-64-v3 (AVX2, BMI1, BMI2, POPCNT) when the CPU has all of them,
//! [`PortableSets`] otherwise and always under Miri (which does not model every AVX2
//! intrinsic).

use super::cells::at;

/// How the hot paths test bit sets (`w` = `W` when `W` is not 0; `w` a multiple of 4 when
/// above 2; both slices hold at least `w` words).
pub(crate) trait SetOps {
    /// Whether `a[..w] & b[..w]` is all zeros.
    fn disjoint<const W: usize>(a: &[u64], b: &[u64], w: usize) -> bool;

    /// Whether `a[..w] & b[..w]`, with bit `p` left out, is all zeros. The bit is masked in
    /// registers: clearing it in memory first would make the wide loads that follow wait
    /// for the narrow store (a failed store-to-load forward).
    fn disjoint_except<const W: usize>(a: &[u64], b: &[u64], w: usize, p: usize) -> bool;

    /// `b[..W]` with bit `p` cleared, prepared once (in registers) for several
    /// [`SetOps::disjoint_rest`] tests (`W` is the set width, 1 to 8).
    type Rest<const W: usize>: Copy;

    /// `b[..W]` without bit `p`, for [`SetOps::disjoint_rest`].
    fn rest<const W: usize>(b: &[u64], p: usize) -> Self::Rest<W>;

    /// Whether `a[..W]` and the set `rest` (from [`SetOps::rest`]) are disjoint: with `b` the
    /// empty points and `p` one of `a`'s liberties, whether `p` is `a`'s only liberty (or it
    /// has none), one AND per word and nothing to mask per test.
    fn disjoint_rest<const W: usize>(a: &[u64], rest: Self::Rest<W>) -> bool;
}

/// [`SetOps`] in plain Rust.
pub(crate) struct PortableSets;

impl SetOps for PortableSets {
    #[inline(always)]
    fn disjoint<const W: usize>(a: &[u64], b: &[u64], w: usize) -> bool {
        let mut any = 0;
        for i in 0..w {
            any |= at(a, i) & at(b, i);
        }
        any == 0
    }

    #[inline(always)]
    fn disjoint_except<const W: usize>(a: &[u64], b: &[u64], w: usize, p: usize) -> bool {
        let mut any = 0;
        for i in 0..w {
            let keep = if i == p >> 6 { !(1u64 << (p & 63)) } else { !0 };
            any |= at(a, i) & at(b, i) & keep;
        }
        any == 0
    }

    type Rest<const W: usize> = [u64; W];

    #[inline(always)]
    fn rest<const W: usize>(b: &[u64], p: usize) -> [u64; W] {
        let mut r = [0; W];
        for (i, x) in r.iter_mut().enumerate() {
            let keep = if i == p >> 6 { !(1u64 << (p & 63)) } else { !0 };
            *x = at(b, i) & keep;
        }
        r
    }

    #[inline(always)]
    fn disjoint_rest<const W: usize>(a: &[u64], rest: [u64; W]) -> bool {
        let mut any = 0;
        for (i, r) in rest.into_iter().enumerate() {
            any |= at(a, i) & r;
        }
        any == 0
    }
}

/// [`SetOps`] with AVX2: four words per instruction. Only [`with_kernel`] (after checking the
/// CPU) and the tests (after the same check) use it; it is not visible outside the board.
#[cfg(target_arch = "x86_64")]
pub(super) struct Avx2Sets;

#[cfg(target_arch = "x86_64")]
impl SetOps for Avx2Sets {
    #[inline(always)]
    fn disjoint<const W: usize>(a: &[u64], b: &[u64], w: usize) -> bool {
        use std::arch::x86_64::*;
        if W < 4 {
            return PortableSets::disjoint::<W>(a, b, w);
        }
        debug_assert!(w.is_multiple_of(4) && a.len() >= w && b.len() >= w);
        // SAFETY: AVX2 is present: this type is used only under `with_kernel`'s CPU check (or
        // the tests' identical check). `W >= 4` here: the board passes `w = Layout::words()`
        // of a `Layout<W, _>`, which `Layout::fixed` builds only when the board's set width
        // is `W`, and `Layout::new` rounds set widths above 2 up to a multiple of 4; `a` (a
        // chain's set, `set_of`) and `b` (the empty set) hold `w` words. So each unaligned
        // 256-bit load at `j < w / 4` is in bounds.
        unsafe {
            let (pa, pb) = (a.as_ptr().cast::<__m256i>(), b.as_ptr().cast::<__m256i>());
            let mut acc = _mm256_and_si256(_mm256_loadu_si256(pa), _mm256_loadu_si256(pb));
            for j in 1..w / 4 {
                let x =
                    _mm256_and_si256(_mm256_loadu_si256(pa.add(j)), _mm256_loadu_si256(pb.add(j)));
                acc = _mm256_or_si256(acc, x);
            }
            _mm256_testz_si256(acc, acc) != 0
        }
    }

    #[inline(always)]
    fn disjoint_except<const W: usize>(a: &[u64], b: &[u64], w: usize, p: usize) -> bool {
        use std::arch::x86_64::*;
        if W < 4 {
            return PortableSets::disjoint_except::<W>(a, b, w, p);
        }
        debug_assert!(w.is_multiple_of(4) && a.len() >= w && b.len() >= w);
        // SAFETY: as in `disjoint`: AVX2 checked by `with_kernel`; `w` words in both slices,
        // a multiple of 4 (the board's set width, checked by `Layout::fixed`).
        unsafe {
            let (pa, pb) = (a.as_ptr().cast::<__m256i>(), b.as_ptr().cast::<__m256i>());
            // the mask: all ones but bit `p`, built lane by lane in registers
            let word = _mm256_set1_epi64x((p >> 6) as i64);
            let hole = _mm256_set1_epi64x(!(1u64 << (p & 63)) as i64);
            let mut lanes = _mm256_setr_epi64x(0, 1, 2, 3);
            let four = _mm256_set1_epi64x(4);
            let mut acc = _mm256_setzero_si256();
            for j in 0..w / 4 {
                let here = _mm256_cmpeq_epi64(lanes, word);
                // `hole` in the lane holding `p`, all ones elsewhere
                let keep = _mm256_or_si256(hole, _mm256_xor_si256(here, _mm256_set1_epi64x(-1)));
                let x =
                    _mm256_and_si256(_mm256_loadu_si256(pa.add(j)), _mm256_loadu_si256(pb.add(j)));
                acc = _mm256_or_si256(acc, _mm256_and_si256(x, keep));
                lanes = _mm256_add_epi64(lanes, four);
            }
            _mm256_testz_si256(acc, acc) != 0
        }
    }

    /// The 8-word sets as two vectors (words 0-3 and 4-7); other widths as words.
    type Rest<const W: usize> = (
        std::arch::x86_64::__m256i,
        std::arch::x86_64::__m256i,
        [u64; W],
    );

    #[inline(always)]
    fn rest<const W: usize>(b: &[u64], p: usize) -> Self::Rest<W> {
        use std::arch::x86_64::*;
        if W != 8 {
            // SAFETY: AVX2 is present (as in `disjoint`); register operations only.
            let zero = unsafe { _mm256_setzero_si256() };
            return (zero, zero, PortableSets::rest::<W>(b, p));
        }
        debug_assert!(b.len() >= 8 && p < 512);
        // SAFETY: AVX2 is present (as in `disjoint`); `W == 8` is the board's set width
        // (checked by `Layout::fixed`), so `b` (the empty set) holds 8 words: two 256-bit
        // loads.
        unsafe {
            // `{p}` as two vectors (words 0-3 and 4-7), by comparing lane numbers with `p`'s word
            let word = _mm256_set1_epi64x((p >> 6) as i64);
            let one = _mm256_set1_epi64x((1u64 << (p & 63)) as i64);
            let lo = _mm256_cmpeq_epi64(_mm256_setr_epi64x(0, 1, 2, 3), word);
            let hi = _mm256_cmpeq_epi64(_mm256_setr_epi64x(4, 5, 6, 7), word);
            let pb = b.as_ptr().cast::<__m256i>();
            let lo = _mm256_andnot_si256(_mm256_and_si256(lo, one), _mm256_loadu_si256(pb));
            let hi = _mm256_andnot_si256(_mm256_and_si256(hi, one), _mm256_loadu_si256(pb.add(1)));
            (lo, hi, [0; W])
        }
    }

    #[inline(always)]
    fn disjoint_rest<const W: usize>(a: &[u64], rest: Self::Rest<W>) -> bool {
        use std::arch::x86_64::*;
        if W != 8 {
            return PortableSets::disjoint_rest::<W>(a, rest.2);
        }
        debug_assert!(a.len() >= 8);
        // SAFETY: AVX2 is present (as in `disjoint`); `W == 8`, and `a` (a chain's set) holds
        // the board's 8 words: two 256-bit loads.
        unsafe {
            let pa = a.as_ptr().cast::<__m256i>();
            let x = _mm256_and_si256(_mm256_loadu_si256(pa), rest.0);
            let y = _mm256_and_si256(_mm256_loadu_si256(pa.add(1)), rest.1);
            let acc = _mm256_or_si256(x, y);
            _mm256_testz_si256(acc, acc) != 0
        }
    }
}

/// Work generic over the set kernel, run by [`with_kernel`] with the best one available.
/// `run` should be `#[inline(always)]`: it is then compiled into the x86-64-v3 function
/// together with everything it inlines.
pub(crate) trait KernelUser {
    /// The result of the work.
    type Output;
    /// Do the work with kernel `V`.
    fn run<V: SetOps>(self) -> Self::Output;
}

/// Whether the CPU has every feature [`run_x86_64_v3`] is compiled for. Never under Miri.
#[cfg(target_arch = "x86_64")]
pub(super) fn has_x86_64_v3() -> bool {
    !cfg!(miri)
        && std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("popcnt")
}

/// Run `work` with AVX2 set kernels inside a function compiled for x86-64-v3 CPUs (AVX2 for
/// the 19x19 liberty sets, BMI for shifts and bit tricks: about 3% faster on 9x9 and 6% on
/// 19x19 than the portable build on our machine) when the CPU has those features, else with
/// the portable kernels.
#[inline]
pub(crate) fn with_kernel<U: KernelUser>(work: U) -> U::Output {
    #[cfg(target_arch = "x86_64")]
    if has_x86_64_v3() {
        // SAFETY: `run_x86_64_v3` needs AVX2, BMI1, BMI2 and POPCNT, and `has_x86_64_v3` has
        // just checked that this CPU has every one of them.
        return unsafe { run_x86_64_v3(work) };
    }
    work.run::<PortableSets>()
}

/// `work` with [`Avx2Sets`], compiled for x86-64-v3.
///
/// # Safety
/// The CPU must support AVX2, BMI1, BMI2 and POPCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
unsafe fn run_x86_64_v3<U: KernelUser>(work: U) -> U::Output {
    work.run::<Avx2Sets>()
}
