#include "text/text_software.hpp"

#include "text/text_units.hpp"

namespace edgetop::text {

std::string jetpack_text(const std::optional<std::string>& l4t,
                         const std::optional<std::string>& jetpack) {
    if (jetpack) return *jetpack;
    return l4t ? "unknown" : kAbsent;
}

std::vector<LabelledValue> module_rows(const SoftwareInfo& s) {
    return {{"part number", text_or_absent(s.module_part_number)},
            {"serial", text_or_absent(s.serial_number)}};
}

std::vector<LabelledValue> software_rows(const SoftwareInfo& s) {
    return {{"L4T", text_or_absent(s.l4t)},
            {"JetPack", jetpack_text(s.l4t, s.jetpack)},
            {"kernel", text_or_absent(s.kernel)},
            {"CUDA", text_or_absent(s.cuda)},
            {"cuDNN", text_or_absent(s.cudnn)},
            {"TensorRT", text_or_absent(s.tensorrt)},
            {"VPI", text_or_absent(s.vpi)},
            {"OpenCV", text_or_absent(s.opencv)},
            {"Multimedia API", text_or_absent(s.multimedia_api)}};
}

}  // namespace edgetop::text
