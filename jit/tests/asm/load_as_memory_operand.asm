function main (asm, 324 bytes)
    00000  jmp 0000000000000094h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 7: load
    00013  cmp rsi,7
    0001a  jae 000000000000003Bh
; line 8: mul
    00020  imul rdi,[r14+rsi*8]
; line 9: load
    00025  mov rsi,[r14+rsi*8+8]
; line 10: add
    0002d  add rsi,rsi
; line 11: add
    00030  add rsi,rdi
; line 12: ret
    00033  mov rax,rsi
    00036  mov rsp,rbp
    00039  pop rbp
    0003a  ret
; a group's span out of bounds: find the member
    0003b  lea rcx,[rsi]
    00043  cmp rcx,8
    0004a  jae 0000000000000084h
    00050  lea rcx,[rsi+1]
    00058  cmp rcx,8
    0005f  jae 0000000000000088h
    00065  jmp 0000000000000088h
; traps: memory access out of bounds through jit_trap
    0006a  mov rdi,[r15+30h]
    0006e  mov esi,1
    00073  mov rax,ADDR
    0007d  call rax  ; jit_trap
    0007f  jmp 000000000000008Fh
; trap: memory access out of bounds at line 7
    00084  xor edx,edx
    00086  jmp 000000000000006Ah
; trap: memory access out of bounds at line 9
    00088  mov edx,2
    0008d  jmp 000000000000006Ah
; unwind to the entry from the interpreter
    0008f  mov rsp,[r15+28h]
    00093  ret
; external entry (from the interpreter)
    00094  push rbp
    00095  mov rbp,rsp
    00098  push rbx
    00099  push r12
    0009b  push r13
    0009d  push r14
    0009f  push r15
    000a1  mov r15,ADDR
    000ab  mov [r15+30h],rdi
    000b2  push qword ptr [r15+28h]
    000b9  mov r14,ADDR
    000c3  mov r13,[r15+10h]
    000ca  sub r13,[r15]
    000d1  lea rax,[11Dh]
    000d8  push rax
    000d9  mov [r15+28h],rsp
    000e0  sub rsp,8
    000e4  mov rdx,rsi
    000e7  sub rsp,10h
    000ee  mov rsi,[rdx]
    000f5  mov rdi,[rdx+8]
    000fc  call 8
    00101  xor edx,edx
    00103  lea rsp,[rbp-30h]
    0010a  pop rcx
    0010b  mov [r15+28h],rcx
    00112  pop r15
    00114  pop r14
    00116  pop r13
    00118  pop r12
    0011a  pop rbx
    0011b  pop rbp
    0011c  ret
    0011d  lea rbp,[rsp+30h]
    00125  mov edx,1
    0012a  lea rsp,[rbp-30h]
    00131  pop rcx
    00132  mov [r15+28h],rcx
    00139  pop r15
    0013b  pop r14
    0013d  pop r13
    0013f  pop r12
    00141  pop rbx
    00142  pop rbp
    00143  ret

