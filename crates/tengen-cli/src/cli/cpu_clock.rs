//! CPU time for `tengen bench`: the calling thread's or the whole process's, read from the
//! kernel's clocks (`clock_gettime` with `CLOCK_THREAD_CPUTIME_ID` / `CLOCK_PROCESS_CPUTIME_ID`).
//!
//! On a machine shared with other work, wall-clock time counts the time a benchmark waits
//! for a core; CPU time counts only the time it runs, so it is the figure that compares
//! engines. Where the platform has no such clock (not Unix), the readings are `None` and the
//! benchmarks report wall time alone.

use std::time::{Duration, Instant};

/// Which CPU clock a [`Stopwatch`] reads.
#[derive(Clone, Copy, Debug)]
pub enum CpuClock {
    /// The CPU time of the calling thread only.
    Thread,
    /// The CPU time of every thread of the process (for work shared out to a thread pool).
    Process,
}

#[cfg(unix)]
fn read(clock: CpuClock) -> Option<Duration> {
    let id = match clock {
        CpuClock::Thread => libc::CLOCK_THREAD_CPUTIME_ID,
        CpuClock::Process => libc::CLOCK_PROCESS_CPUTIME_ID,
    };
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec for the duration of the call, and
    // clock_gettime writes nothing else; both clock ids are defined by POSIX.
    let rc = unsafe { libc::clock_gettime(id, &mut ts) };
    if rc != 0 {
        return None;
    }
    Some(Duration::new(
        u64::try_from(ts.tv_sec).ok()?,
        u32::try_from(ts.tv_nsec).ok()?,
    ))
}

#[cfg(not(unix))]
fn read(_clock: CpuClock) -> Option<Duration> {
    None
}

/// Wall time and CPU time from the moment it was started.
#[derive(Clone, Copy, Debug)]
pub struct Stopwatch {
    clock: CpuClock,
    wall: Instant,
    cpu: Option<Duration>,
}

/// What a [`Stopwatch`] measured, in seconds.
#[derive(Clone, Copy, Debug)]
pub struct Lap {
    /// Elapsed wall-clock seconds.
    pub wall: f64,
    /// CPU seconds of the clock's thread or process (`None` without a CPU clock).
    pub cpu: Option<f64>,
}

impl Stopwatch {
    /// Start measuring now, on `clock`.
    pub fn start(clock: CpuClock) -> Stopwatch {
        Stopwatch {
            clock,
            cpu: read(clock),
            wall: Instant::now(),
        }
    }

    /// The time since the start. A thread clock must be read on the thread that started it.
    pub fn lap(&self) -> Lap {
        let wall = self.wall.elapsed().as_secs_f64();
        let cpu = match (self.cpu, read(self.clock)) {
            (Some(a), Some(b)) => Some(b.saturating_sub(a).as_secs_f64()),
            _ => None,
        };
        Lap { wall, cpu }
    }
}

/// The medians of a series of laps: `(wall, cpu)`, the CPU median `None` unless every lap has
/// a CPU reading. Takes at least one lap.
pub fn medians(laps: &[Lap]) -> (f64, Option<f64>) {
    let wall = median(laps.iter().map(|l| l.wall).collect());
    let cpu = laps
        .iter()
        .map(|l| l.cpu)
        .collect::<Option<Vec<f64>>>()
        .map(median);
    (wall, cpu)
}

/// The median (the upper one of an even count) of at least one value.
pub fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_cpu_time_counts_work_and_not_sleep() {
        let w = Stopwatch::start(CpuClock::Thread);
        std::thread::sleep(Duration::from_millis(30));
        let slept = w.lap();
        assert!(slept.wall >= 0.03, "{slept:?}");
        if let Some(cpu) = slept.cpu {
            assert!(cpu < 0.02, "sleeping used {cpu} s of CPU");
        }
        let w = Stopwatch::start(CpuClock::Thread);
        let mut x = 1u64;
        while w.lap().wall < 0.03 {
            x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
        }
        let busy = w.lap();
        if let Some(cpu) = busy.cpu {
            assert!(cpu > 0.0 && cpu <= busy.wall + 0.01, "{busy:?}");
        }
    }

    #[test]
    fn medians_need_every_cpu_reading() {
        let laps = [
            Lap {
                wall: 3.0,
                cpu: Some(1.0),
            },
            Lap {
                wall: 1.0,
                cpu: Some(3.0),
            },
            Lap {
                wall: 2.0,
                cpu: Some(2.0),
            },
        ];
        assert_eq!(medians(&laps), (2.0, Some(2.0)));
        let partial = [
            laps[0],
            Lap {
                wall: 5.0,
                cpu: None,
            },
        ];
        assert_eq!(medians(&partial), (5.0, None));
    }
}
