function main (asm, 336 bytes)
    00000  jmp 00000000000000A4h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 7: load
    00013  cmp rsi,8
    0001a  jae 000000000000004Ch
; line 8: mul
    00020  imul rdi,[r14+rsi*8]
; line 9: load
    00025  lea rax,[rsi+1]
    0002d  cmp rax,8
    00034  jae 0000000000000074h
    0003a  mov rsi,[r14+rax*8]
; line 10: add
    0003e  add rsi,rsi
; line 11: add
    00041  add rsi,rdi
; line 12: ret
    00044  mov rax,rsi
    00047  mov rsp,rbp
    0004a  pop rbp
    0004b  ret
; trap: memory access out of bounds at line 7
    0004c  mov rdi,r12
    0004f  mov rsi,1
    00059  mov rdx,0
    00063  mov rax,ADDR
    0006d  call rax  ; jit_trap
    0006f  jmp 000000000000009Ch
; trap: memory access out of bounds at line 9
    00074  mov rdi,r12
    00077  mov rsi,1
    00081  mov rdx,2
    0008b  mov rax,ADDR
    00095  call rax  ; jit_trap
    00097  jmp 000000000000009Ch
; unwind to the entry from the interpreter
    0009c  mov rsp,[r15+28h]
    000a3  ret
; external entry (from the interpreter)
    000a4  push rbp
    000a5  mov rbp,rsp
    000a8  push rbx
    000a9  push r12
    000ab  push r13
    000ad  push r14
    000af  push r15
    000b1  mov r12,rdi
    000b4  mov r15,ADDR
    000be  push qword ptr [r15+28h]
    000c5  mov r14,ADDR
    000cf  mov r13,[r15+10h]
    000d6  sub r13,[r15]
    000dd  lea rax,[129h]
    000e4  push rax
    000e5  mov [r15+28h],rsp
    000ec  sub rsp,8
    000f0  mov rdx,rsi
    000f3  sub rsp,10h
    000fa  mov rsi,[rdx]
    00101  mov rdi,[rdx+8]
    00108  call 8
    0010d  xor edx,edx
    0010f  lea rsp,[rbp-30h]
    00116  pop rcx
    00117  mov [r15+28h],rcx
    0011e  pop r15
    00120  pop r14
    00122  pop r13
    00124  pop r12
    00126  pop rbx
    00127  pop rbp
    00128  ret
    00129  lea rbp,[rsp+30h]
    00131  mov edx,1
    00136  lea rsp,[rbp-30h]
    0013d  pop rcx
    0013e  mov [r15+28h],rcx
    00145  pop r15
    00147  pop r14
    00149  pop r13
    0014b  pop r12
    0014d  pop rbx
    0014e  pop rbp
    0014f  ret

