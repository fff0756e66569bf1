#include "sensors/processes/processes_tracker.hpp"

#include <unistd.h>

#include <algorithm>

#include "sensors/processes/processes_gpu_fds.hpp"

namespace edgetop {

ProcessTracker::~ProcessTracker() {
    for (auto& [pid, t] : tracked_)
        close_status(t);
}

void ProcessTracker::close_status(Tracked& t) {
    if (t.status_fd < 0) return;
    if (own_) own_->remove(t.status_fd);
    ::close(t.status_fd);
    t.status_fd = -1;
    --kept_status_;
}

void ProcessTracker::update(std::vector<ProcessSample>& all, size_t top_n) {
    ++poll_;
    pending_.assign(all.size(), Pending{});
    for (size_t i = 0; i < all.size(); ++i) {
        ProcessSample& process = all[i];
        auto [it, inserted] = tracked_.try_emplace(process.pid);
        Tracked& t = it->second;
        uint64_t start = process.start_ticks.value_or(0);
        Pending& p = pending_[i];
        p.tracked = &t;
        p.is_new = inserted || t.start_ticks != start;  // a reused pid is another process
        if (p.is_new) {
            close_status(t);  // a reused pid's descriptor reads the old process
            t = Tracked{};
            t.start_ticks = start;
        }
        uint64_t ticks = process.cpu_ticks.value_or(0);
        if (!p.is_new && ticks >= t.cpu_ticks) p.delta_ticks = ticks - t.cpu_ticks;
        p.ran = p.delta_ticks > 0;
        t.cpu_ticks = ticks;
        t.seen_poll = poll_;
    }
    mark_top(all, top_n);
    for (size_t i = 0; i < all.size(); ++i) {
        read_ctxt(all[i], pending_[i]);
        read_gpu(all[i], pending_[i]);
    }
    // Every pid of this poll is in the map; anything beyond that count has exited.
    if (tracked_.size() != all.size())
        for (auto it = tracked_.begin(); it != tracked_.end();) {
            if (it->second.seen_poll == poll_) {
                ++it;
                continue;
            }
            close_status(it->second);
            it = tracked_.erase(it);
        }
}

// The processes the rates will rank first: CPU % is the tick delta times one constant, so the
// same order (new processes last, then resident memory) picks the same top.
void ProcessTracker::mark_top(const std::vector<ProcessSample>& all, size_t top_n) {
    order_.resize(all.size());
    for (size_t i = 0; i < all.size(); ++i)
        order_[i] = i;
    auto busier = [&](size_t a, size_t b) {
        const Pending &pa = pending_[a], &pb = pending_[b];
        if (pa.is_new != pb.is_new) return pb.is_new;
        if (pa.delta_ticks != pb.delta_ticks) return pa.delta_ticks > pb.delta_ticks;
        int64_t rss_a = all[a].rss_kb.value_or(-1), rss_b = all[b].rss_kb.value_or(-1);
        if (rss_a != rss_b) return rss_a > rss_b;
        return all[a].pid < all[b].pid;
    };
    size_t count = std::min(top_n, order_.size());
    std::partial_sort(order_.begin(), order_.begin() + static_cast<std::ptrdiff_t>(count),
                      order_.end(), busier);
    for (size_t i = 0; i < count; ++i)
        pending_[order_[i]].in_top = true;
}

// Read when new (a first reading, then a second to see whether it switches), when it used CPU
// time, when it is in the top, or when its counters moved between its last two reads: the last
// keeps a process that wakes often but runs less than a tick per interval.
void ProcessTracker::read_ctxt(ProcessSample& process, const Pending& pending) {
    Tracked& t = *pending.tracked;
    bool read_last_poll = t.ctxt && t.ctxt_poll + 1 == poll_;
    bool wanted =
        pending.is_new || pending.ran || pending.in_top || (t.ctxt_moving && read_last_poll);
    if (!wanted) {
        close_status(t);
        return;
    }
    bool kept = t.status_fd >= 0;
    auto fields = status_reader_.read(process.pid, t.status_fd);
    if (!kept && t.status_fd >= 0) {
        if (kept_status_ < kMaxKeptStatus) {
            ++kept_status_;
            if (own_) own_->add(t.status_fd);
        } else {
            ::close(t.status_fd);
            t.status_fd = -1;
        }
    }
    if (!fields) {  // exited meanwhile
        close_status(t);
        t.ctxt.reset();
        t.ctxt_moving = false;
        return;
    }
    // stat's resident pages come from per-CPU counters that may lag by a few hundred pages;
    // status sums them exactly.
    if (fields->vm_rss_kb) process.rss_kb = fields->vm_rss_kb;
    const CtxtSwitches* now = &fields->ctxt;
    bool changed = read_last_poll && (now->voluntary != t.ctxt->voluntary ||
                                      now->nonvoluntary != t.ctxt->nonvoluntary);
    t.ctxt_moving = pending.is_new || changed;
    t.ctxt = *now;
    t.ctxt_poll = poll_;
    process.vol_ctxt_total = now->voluntary;
    process.nonvol_ctxt_total = now->nonvoluntary;
}

// Scanned when the process ran, is in the top or is a known GPU holder, at most every
// kGpuRescanPolls polls. Unreadable descriptors leave gpu absent (unknown), not false.
void ProcessTracker::read_gpu(ProcessSample& process, const Pending& pending) {
    Tracked& t = *pending.tracked;
    bool eligible = pending.ran || pending.in_top || t.gpu == true;
    bool due = t.gpu_poll == 0 || poll_ - t.gpu_poll >= kGpuRescanPolls;
    if (eligible && due) {
        switch (scan_gpu_fds(process.pid, own_, &fd_links_read_)) {
            case FdScan::holds_gpu:
                t.gpu = true;
                break;
            case FdScan::no_gpu:
                t.gpu = false;
                break;
            case FdScan::denied:
                gpu_denied_ = true;
                t.gpu.reset();
                break;
            case FdScan::gone:
                t.gpu.reset();
                break;
        }
        t.gpu_poll = poll_;
    }
    process.gpu = t.gpu;
}

}  // namespace edgetop
