function main (asm, 273 bytes)
    00000  jmp 0000000000000068h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 6: load
    00013  lea rax,[rsi+1]
    0001b  cmp rax,8
    00022  jae 0000000000000034h
    00028  mov rsi,[r14+rax*8]
; line 7: ret
    0002c  mov rax,rsi
    0002f  mov rsp,rbp
    00032  pop rbp
    00033  ret
; trap: memory access out of bounds at line 6
    00034  mov rdi,[r15+30h]
    0003b  mov rsi,1
    00045  mov rdx,0
    0004f  mov rax,ADDR
    00059  call rax  ; jit_trap
    0005b  jmp 0000000000000060h
; unwind to the entry from the interpreter
    00060  mov rsp,[r15+28h]
    00067  ret
; external entry (from the interpreter)
    00068  push rbp
    00069  mov rbp,rsp
    0006c  push rbx
    0006d  push r12
    0006f  push r13
    00071  push r14
    00073  push r15
    00075  mov r15,ADDR
    0007f  mov [r15+30h],rdi
    00086  push qword ptr [r15+28h]
    0008d  mov r14,ADDR
    00097  mov r13,[r15+10h]
    0009e  sub r13,[r15]
    000a5  lea rax,[0EAh]
    000ac  push rax
    000ad  mov [r15+28h],rsp
    000b4  sub rsp,8
    000b8  mov rdx,rsi
    000bb  sub rsp,10h
    000c2  mov rsi,[rdx]
    000c9  call 8
    000ce  xor edx,edx
    000d0  lea rsp,[rbp-30h]
    000d7  pop rcx
    000d8  mov [r15+28h],rcx
    000df  pop r15
    000e1  pop r14
    000e3  pop r13
    000e5  pop r12
    000e7  pop rbx
    000e8  pop rbp
    000e9  ret
    000ea  lea rbp,[rsp+30h]
    000f2  mov edx,1
    000f7  lea rsp,[rbp-30h]
    000fe  pop rcx
    000ff  mov [r15+28h],rcx
    00106  pop r15
    00108  pop r14
    0010a  pop r13
    0010c  pop r12
    0010e  pop rbx
    0010f  pop rbp
    00110  ret

