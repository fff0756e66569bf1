#include "commands/run.hpp"

int main(int argc, char** argv) {
    return edgetop::run(argc, argv);
}
