#include "sensors/core/source.hpp"

namespace edgetop {

const char* to_string(SourceStatus::State state) {
    switch (state) {
        case SourceStatus::State::found:
            return "found";
        case SourceStatus::State::absent:
            return "absent";
        case SourceStatus::State::needs_root:
            return "needs root";
    }
    return "absent";
}

namespace {

class NullSource final : public Source {
  public:
    explicit NullSource(std::string name) : name_(std::move(name)) {}
    std::string name() const override { return name_; }
    bool discover(const Root&) override { return false; }
    void poll(Sample&) override {}
    std::vector<SourceStatus> status() const override {
        return {{name_, SourceStatus::State::absent, "", "not implemented"}};
    }

  private:
    std::string name_;
};

}  // namespace

SourcePtr make_null_source(std::string name) {
    return std::make_unique<NullSource>(std::move(name));
}

}  // namespace edgetop
